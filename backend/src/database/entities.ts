import { IdempotencyRecord } from '../common/idempotency/idempotency-record.entity.js';
import { AdminAuditEntry } from '../modules/audit/index.js';
import { BalanceAdjustment, ModerationAction } from '../modules/admin/index.js';
import {
  Bet,
  BetActivity,
  BetOffer,
  BetParticipant,
  DisputeResolution,
  DisputeStatement,
} from '../modules/bets/index.js';
import { PasswordResetToken, Session } from '../modules/auth/index.js';
import { Friendship, InviteCode, SuggestionDismissal } from '../modules/friends/index.js';
import {
  NotificationOutboxEntry,
  PushSubscriptionRecord,
  UserNotification,
} from '../modules/notifications/index.js';
import { ProfilePicture } from '../modules/pictures/index.js';
import { User } from '../modules/users/index.js';
import { LedgerEntry } from '../modules/wallet/index.js';

/** Every stored table, listed once for the data source and the drift check. */
export const ENTITIES = [
  User,
  Bet,
  BetParticipant,
  BetOffer,
  BetActivity,
  Friendship,
  LedgerEntry,
  AdminAuditEntry,
  DisputeResolution,
  BalanceAdjustment,
  ModerationAction,
  Session,
  IdempotencyRecord,
  UserNotification,
  PushSubscriptionRecord,
  DisputeStatement,
  NotificationOutboxEntry,
  ProfilePicture,
  InviteCode,
  SuggestionDismissal,
  PasswordResetToken,
];
