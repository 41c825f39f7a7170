import type { ColumnOptions } from 'typeorm';

/**
 * Money is numeric(10,2) in PostgreSQL; the pg driver hands it over as a string, which is exactly what
 * goes on the wire ("12.34"), so no float ever touches an amount.
 */
export function moneyColumn(options: Partial<ColumnOptions> = {}): ColumnOptions {
  return { type: 'numeric', precision: 10, scale: 2, ...options };
}
