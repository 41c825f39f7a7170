import {
  amountError,
  amountForWire,
  filledOutcomes,
  MIN_BET_MESSAGE,
  repeatedOutcomes,
} from './create-bet-rules';
import { validateYupSchema, yupToFormErrors } from 'formik';
import { ValidationError } from 'yup';
import { canContinueFromAmount, canReview, createBetSchema, EMPTY_BET } from './create-bet-schema';

/** The form's errors as Formik works them out (it hands the schema blank fields as undefined). */
async function formErrors(values: typeof EMPTY_BET, available?: string) {
  try {
    await validateYupSchema(values, createBetSchema(available));
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors(error);
    throw error;
  }
}

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
  it('as the form runs it: the amount answers, and blank extra options are no error', async () => {
    const terms = { ...EMPTY_BET, title: 'Rain?', outcomes: ['Yes', 'No', ''], creatorPick: 'Yes' };
    expect(await formErrors({ ...terms, amount: '10' }, '100.00')).toEqual({});
    expect(await formErrors({ ...terms, amount: '0' }, '100.00')).toEqual({ amount: MIN_BET_MESSAGE });
    expect(await formErrors({ ...terms, amount: '100.01' }, '100.00')).toEqual({
      amount: 'Insufficient balance: you have $100.00 available',
    });
    expect(await formErrors({ ...terms, amount: '10', outcomes: ['Yes', '', ''] })).toEqual({
      outcomes: 'Please provide at least 2 outcome options',
    });
  });

  // The server's own words (CreateBetDto), on the step where the amount and options are typed.
  it('refuses more than 2 decimals on the amount step, as the server would after the hold', async () => {
    expect(amountError('10.555', '100.00')).toBe('Amount must be a number with at most 2 decimal places');
    expect(amountError('10.555', undefined)).toBe('Amount must be a number with at most 2 decimal places');
    expect(amountError('123456789', undefined)).toBe('Amount must be a number with at most 2 decimal places');
    expect(canContinueFromAmount('10.555', 'Rain?', '100.00')).toBe(false);
    expect(canContinueFromAmount('10.55', 'Rain?', '100.00')).toBe(true);
    const terms = { ...EMPTY_BET, title: 'Rain?', outcomes: ['Yes', 'No'], creatorPick: 'Yes' };
    expect(await formErrors({ ...terms, amount: '10.555' }, '100.00')).toEqual({
      amount: 'Amount must be a number with at most 2 decimal places',
    });
  });
  it('sends what the input lets a person type on the way to an amount in the wire shape', () => {
    expect(amountError('10.', '100.00')).toBeNull();
    expect(amountError('.5', '100.00')).toBeNull();
    expect(amountForWire('10.')).toBe('10');
    expect(amountForWire('.5')).toBe('0.5');
    expect(amountForWire(' 12.30 ')).toBe('12.30');
  });
  it('refuses two options that differ only in letter case or spaces, on the details step', async () => {
    expect([...repeatedOutcomes(['Yes', 'yes'])]).toEqual([1]);
    expect([...repeatedOutcomes([' No', 'Yes', 'no ', ''])]).toEqual([2]);
    expect([...repeatedOutcomes(['Yes', 'No', '', ''])]).toEqual([]);
    expect(canReview(['Yes', 'yes'], 'Yes')).toBe(false);
    const terms = { ...EMPTY_BET, amount: '10', title: 'Rain?', creatorPick: 'Yes' };
    expect(await formErrors({ ...terms, outcomes: ['Yes', 'yes', 'No'] })).toEqual({
      outcomes: 'Outcome options must all be different',
    });
  });
  it('refuses a description longer than the server keeps', async () => {
    const terms = { ...EMPTY_BET, amount: '10', title: 'Rain?', outcomes: ['Yes', 'No'], creatorPick: 'Yes' };
    expect(await formErrors({ ...terms, description: 'x'.repeat(2001) })).toEqual({
      description: 'Description must be at most 2000 characters',
    });
    expect(await formErrors({ ...terms, description: `${'x'.repeat(2000)}  ` })).toEqual({});
  });
});
