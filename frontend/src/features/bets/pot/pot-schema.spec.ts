import { EMPTY_POT, potPayload } from './pot-schema';

describe('potPayload', () => {
  const values = {
    ...EMPTY_POT,
    amount: '12.50',
    title: ' Who wins the derby? ',
    outcomes: ['Reds', 'Blues', ''],
    creatorPick: 'Reds',
    joinWithinHours: 24,
    durationHours: 72,
  };
  const now = new Date('2026-11-29T10:00:00Z');

  it('asks for a pot: the invitees, the stake and the deadline to join', () => {
    expect(potPayload(values, ['a', 'b'], now)).toEqual({
      inviteeIds: ['a', 'b'],
      stake: '12.50',
      joinBy: '2026-11-30T10:00:00.000Z',
      title: 'Who wins the derby?',
      description: '',
      outcomes: ['Reds', 'Blues'],
      creatorPick: 'Reds',
      duration: 72,
      resolutionType: 'mutual',
    });
  });

  it('posts it in the circle chosen, and nowhere when none is', () => {
    expect(potPayload({ ...values, circleId: 'c-1' }, ['a', 'b'], now)).toMatchObject({ circleId: 'c-1' });
    expect(potPayload({ ...values, circleId: undefined }, ['a', 'b'], now)).not.toHaveProperty('circleId');
  });
});
