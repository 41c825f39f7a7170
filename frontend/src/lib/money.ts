// Made on first need only: the first Intl.NumberFormat of a page loads ICU's number data, 80-110 ms of
// main-thread work at Lighthouse's 4x CPU slowdown, and the signed-in first screen (the balance) formats money
// while it draws (Total Blocking Time). Amounts are formatted below without it; it is kept for the
// numbers written with an exponent (1e21 and beyond, or below 1e-6), which money never is.
let formatter: Intl.NumberFormat | null = null;
const intlFormat = (value: number) =>
  (formatter ??= new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })).format(value);

/** Adds one to a string of decimal digits ("099" -> "100", "99" -> "100"). */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (chars[index] !== '9') {
      chars[index] = String(Number(chars[index]) + 1);
      return chars.join('');
    }
    chars[index] = '0';
  }
  return `1${chars.join('')}`;
}

/**
 * What `Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })` writes, without
 * Intl: the number's shortest decimal form (as ICU takes it) rounded half away from zero to two decimals,
 * with a comma between thousands, and a minus sign on any negative number (-0 too).
 */
function formatTwoDecimals(value: number): string {
  const negative = value < 0 || Object.is(value, -0);
  const shortest = String(Math.abs(value));
  if (shortest.includes('e')) return intlFormat(value);
  const [whole, fraction = ''] = shortest.split('.');
  let cents = `${whole}${fraction.padEnd(2, '0').slice(0, 2)}`;
  if (fraction.length > 2 && fraction[2] >= '5') cents = incrementDigits(cents);
  cents = cents.padStart(3, '0');
  const integer = cents.slice(0, -2).replace(/^0+(?=\d)/, '');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${cents.slice(-2)}`;
}

/**
 * "1234.5" -> "1,234.50". Amounts arrive as exact decimal strings; they are only ever turned into a
 * number here, for display, never for arithmetic.
 */
export function formatMoney(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number(amount ?? 0);
  return formatTwoDecimals(Number.isFinite(value) ? value : 0);
}

/** "+12.50" / "-3.00" / "0.00" */
export function formatSignedMoney(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number(amount ?? 0);
  const text = formatMoney(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `-${text}` : text;
}

/**
 * An amount of dollars as people write it, the sign before the dollar: "$1,000.00", "−$40.00" ("$-40.00"
 * reads as a typo). `signed` also writes "+" before a gain, for figures that are a change: "+$65.00".
 */
export function formatDollars(
  amount: string | number | null | undefined,
  { signed = false }: { signed?: boolean } = {},
): string {
  const value = typeof amount === 'number' ? amount : Number(amount ?? 0);
  const text = `$${formatMoney(Math.abs(value))}`;
  if (value < 0) return `−${text}`;
  return signed && value > 0 ? `+${text}` : text;
}

/** The amount field accepts only digits with one optional decimal point, or empty (docs/product.md §5). */
export function isAmountInput(text: string): boolean {
  return /^\d*\.?\d*$/.test(text);
}
