import { outcomeInWords, potDecisionSchema } from './PotDecisionDialog';

describe('PotDecisionDialog rules', () => {
  it('asks for an outcome and a resolution of at least 10 characters', async () => {
    await expect(
      potDecisionSchema.validate({ outcome: '', reason: 'Photos show it clearly.' }),
    ).rejects.toThrow('Choose one of the outcomes, or no clear outcome');
    await expect(potDecisionSchema.validate({ outcome: 'Lee', reason: 'too short' })).rejects.toThrow(
      'Resolution must be at least 10 characters',
    );
    expect(potDecisionSchema.isValidSync({ outcome: 'NO_CLEAR_OUTCOME', reason: 'Nobody can tell.' })).toBe(
      true,
    );
  });

  it('says a decision in words', () => {
    expect(outcomeInWords('Lee')).toBe('Lee');
    expect(outcomeInWords('no_clear_outcome')).toBe('No clear outcome (every stake back)');
    expect(outcomeInWords(null)).toBe('—');
  });
});
