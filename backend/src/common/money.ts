/** Amounts as people type them and as they travel on the wire: up to 8 digits and 2 decimals. */
export const AMOUNT_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/** A signed amount as the ledger takes it. */
export const SIGNED_AMOUNT_PATTERN = /^-?\d{1,8}(\.\d{1,2})?$/;

/** Negates a decimal string without going through a float ("12.30" -> "-12.30"). */
export function negate(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}
