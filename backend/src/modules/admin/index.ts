export { AdminModule } from './admin.module.js';
export { BalanceAdjustment } from './balance-adjustment.entity.js';
export { ModerationAction } from './moderation-action.entity.js';
