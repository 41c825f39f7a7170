import {
  circleNameSchema,
  commentSchema,
  isoToLocalInput,
  localInputToIso,
  record,
  signedMoney,
  streakBadge,
  streakText,
} from './circle-rules';

describe('circle rules', () => {
  it('takes names of 1 to 200 characters once trimmed, with the server’s messages', async () => {
    await expect(circleNameSchema.validate('  Friday crew ')).resolves.toBe('Friday crew');
    await expect(circleNameSchema.validate('   ')).rejects.toThrow('Give the circle a name');
    await expect(circleNameSchema.validate('x'.repeat(201))).rejects.toThrow(
      'A circle’s name can be at most 200 characters',
    );
  });

  it('takes comments of 1 to 500 characters', async () => {
    await expect(commentSchema.validate({ body: '<b>hi</b>' })).resolves.toEqual({ body: '<b>hi</b>' });
    await expect(commentSchema.validate({ body: '' })).rejects.toThrow('Write something first');
    await expect(commentSchema.validate({ body: 'x'.repeat(501) })).rejects.toThrow(
      'A comment can be at most 500 characters',
    );
  });

  it('writes records, streaks and signed money', () => {
    expect(record({ won: 3, lost: 1, drawn: 0 })).toBe('3–1–0');
    expect(streakText(3)).toBe('3 wins in a row');
    expect(streakText(-1)).toBe('1 loss in a row');
    expect(streakText(0)).toBe('No streak');
    expect(streakBadge(2)).toBe('W2');
    expect(streakBadge(-4)).toBe('L4');
    expect(signedMoney('1250.50')).toBe('+$1,250.50');
    expect(signedMoney('-3.00')).toBe('−$3.00');
    expect(signedMoney('0.00')).toBe('$0.00');
    expect(signedMoney(null)).toBe('Private');
  });

  it('turns a datetime-local value into an instant and back', () => {
    const iso = localInputToIso('2026-12-01T18:30');
    expect(iso).not.toBeNull();
    expect(isoToLocalInput(iso ?? '')).toBe('2026-12-01T18:30');
    expect(localInputToIso('nonsense')).toBeNull();
  });
});
