import { formatMoney, formatSignedMoney, isAmountInput } from './money';

describe('money formatting', () => {
  it.each([
    ['1234.5', '1,234.50'],
    ['1000.00', '1,000.00'],
    ['0', '0.00'],
    [null, '0.00'],
    ['99999999.99', '99,999,999.99'],
  ])('%s -> %s', (input, output) => {
    expect(formatMoney(input)).toBe(output);
  });

  it('signs amounts', () => {
    expect(formatSignedMoney('12.5')).toBe('+12.50');
    expect(formatSignedMoney('-3')).toBe('-3.00');
    expect(formatSignedMoney('0')).toBe('0.00');
  });

  it('accepts only digits with one optional decimal point', () => {
    expect(['', '12', '12.', '12.5', '.5'].every(isAmountInput)).toBe(true);
    expect(['1e5', '-1', '1.2.3', '1,000', 'abc'].some(isAmountInput)).toBe(false);
  });
});
