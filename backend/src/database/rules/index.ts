import { adminTotals } from './admin-totals.js';
import { balanceGuard } from './balance-guard.js';
import { betSeats } from './bet-seats.js';
import { nameFolding } from './name-folding.js';
import { betRecordsView, friendPairsView, peopleView } from './published-views.js';
import type { SchemaRule } from './schema-rule.js';
import { userStats } from './user-stats.js';

export type { SchemaRule } from './schema-rule.js';

/**
 * Applied in this order: the admin totals' volume reads the seats' stakes, the stats read the seats; the views
 * read only tables.
 */
export const SCHEMA_RULES: readonly SchemaRule[] = [
  nameFolding,
  balanceGuard,
  betSeats,
  userStats,
  adminTotals,
  peopleView,
  friendPairsView,
  betRecordsView,
];
