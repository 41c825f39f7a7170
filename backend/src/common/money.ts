/** Amounts as people type them and as they travel on the wire: up to 8 digits and 2 decimals. */
export const AMOUNT_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/** A signed amount as the ledger takes it. */
export const SIGNED_AMOUNT_PATTERN = /^-?\d{1,8}(\.\d{1,2})?$/;

/** Negates a decimal string without going through a float ("12.30" -> "-12.30"). */
export function negate(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}

/** "1234.5" -> "$1,234.50": for text people read (notifications), never for arithmetic. */
export function formatDollars(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', cents = ''] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${cents.padEnd(2, '0').slice(0, 2)}`;
}

/** "12.3" -> 1230n: an amount as a whole number of cents, for exact integer arithmetic. */
export function toCents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) throw new Error(`not an amount: ${amount}`);
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** 1230n -> "12.30": cents back to the two-decimal string the database and the wire use. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const size = negative ? -cents : cents;
  return `${negative ? '-' : ''}${size / 100n}.${(size % 100n).toString().padStart(2, '0')}`;
}
