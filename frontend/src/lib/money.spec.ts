import { formatDollars, formatMoney, formatSignedMoney, isAmountInput } from './money';

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

  it('writes what Intl.NumberFormat en-US with two decimals writes, without making one at load', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const values = [
      0,
      -0,
      0.001,
      0.004,
      0.005,
      0.006,
      0.015,
      0.125,
      0.995,
      1.005,
      1.255,
      2.675,
      9.995,
      99.995,
      999.995,
      999999.995,
      -0.001,
      -0.005,
      -1.005,
      -999.995,
      1e-6,
      1e-7,
      5e-7,
      123456789.125,
      2 ** 53,
      1e20,
      1e21,
      1.7976931348623157e308,
      0.1 + 0.2,
      1 / 3,
      2 / 3,
      -2 / 3,
      1000,
      1000000,
      12345.678,
      -12345.678,
    ];
    let seed = 11;
    for (let index = 0; index < 3000; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const digits = 1 + (seed % 12);
      const scale = 10 ** (seed % 5);
      values.push(((seed % 2 ? -1 : 1) * Math.floor((seed / 7) % 10 ** digits)) / scale);
    }
    for (const value of values) expect([value, formatMoney(value)]).toEqual([value, intl.format(value)]);
    expect(formatMoney('12.345')).toBe(intl.format(12.345));
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

describe('formatDollars', () => {
  it.each([
    ['-40', {}, '−$40.00'],
    ['1000', {}, '$1,000.00'],
    ['0', { signed: true }, '$0.00'],
    ['65', { signed: true }, '+$65.00'],
    ['-1234.5', { signed: true }, '−$1,234.50'],
  ])('%s %j -> %s', (input, options, output) => {
    expect(formatDollars(input, options)).toBe(output);
  });
});
