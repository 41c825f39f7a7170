import {
  amountError,
  canContinueFromAmount,
  canReview,
  filledOutcomes,
  MIN_BET_MESSAGE,
} from './create-bet-rules';

describe('create bet rules', () => {
  it('continues from step 2 only with an amount of at least 0.01 and a title', () => {
    expect(canContinueFromAmount('10', 'Rain?')).toBe(true);
    expect(canContinueFromAmount('0.00', 'Rain?')).toBe(false);
    expect(canContinueFromAmount('', 'Rain?')).toBe(false);
    expect(canContinueFromAmount('5', '  ')).toBe(false);
  });
  it('answers at the amount step: the minimum, and no more than the available balance', () => {
    expect(amountError('', '100.00')).toBeNull();
    expect(amountError('0', '100.00')).toBe(MIN_BET_MESSAGE);
    expect(amountError('0.00', '100.00')).toBe(MIN_BET_MESSAGE);
    expect(amountError('0.01', '100.00')).toBeNull();
    expect(amountError('100', '100.00')).toBeNull();
    expect(amountError('100.01', '100.00')).toBe('Insufficient balance: you have $100.00 available');
    expect(amountError('1000', undefined)).toBeNull();
    expect(canContinueFromAmount('100.01', 'Rain?', '100.00')).toBe(false);
    expect(canContinueFromAmount('99.99', 'Rain?', '100.00')).toBe(true);
  });
  it('reviews only with a pick among at least two filled options', () => {
    expect(canReview(['Yes', 'No'], 'Yes')).toBe(true);
    expect(canReview(['Yes', ' '], 'Yes')).toBe(false);
    expect(canReview(['Yes', 'No'], '')).toBe(false);
    expect(filledOutcomes([' a ', '', 'b'])).toEqual(['a', 'b']);
  });
});
