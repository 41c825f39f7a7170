import { canContinueFromAmount, canReview, filledOutcomes } from './create-bet-rules';

describe('create bet rules', () => {
  it('continues from step 2 only with an amount of at least 0.01 and a title', () => {
    expect(canContinueFromAmount('10', 'Rain?')).toBe(true);
    expect(canContinueFromAmount('0.00', 'Rain?')).toBe(false);
    expect(canContinueFromAmount('', 'Rain?')).toBe(false);
    expect(canContinueFromAmount('5', '  ')).toBe(false);
  });
  it('reviews only with a pick among at least two filled options', () => {
    expect(canReview(['Yes', 'No'], 'Yes')).toBe(true);
    expect(canReview(['Yes', ' '], 'Yes')).toBe(false);
    expect(canReview(['Yes', 'No'], '')).toBe(false);
    expect(filledOutcomes([' a ', '', 'b'])).toEqual(['a', 'b']);
  });
});
