const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "1234.5" -> "1,234.50". Amounts arrive as exact decimal strings; they are only ever turned into a
 * number here, for display, never for arithmetic.
 */
export function formatMoney(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number(amount ?? 0);
  return formatter.format(Number.isFinite(value) ? value : 0);
}

/** "+12.50" / "-3.00" / "0.00" */
export function formatSignedMoney(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number(amount ?? 0);
  const text = formatMoney(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `-${text}` : text;
}

/** The amount field accepts only digits with one optional decimal point, or empty (docs/product.md §5). */
export function isAmountInput(text: string): boolean {
  return /^\d*\.?\d*$/.test(text);
}
