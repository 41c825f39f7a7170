import { IdempotencyRecord } from '../common/idempotency/idempotency-record.entity.js';
import { AdminAuditEntry } from '../modules/audit/admin-audit-entry.entity.js';
import { BalanceAdjustment } from '../modules/admin/balance-adjustment.entity.js';
import { DisputeResolution } from '../modules/bets/dispute-resolution.entity.js';
import { ModerationAction } from '../modules/admin/moderation-action.entity.js';
import { PasswordResetToken } from '../modules/auth/password-reset-token.entity.js';
import { Session } from '../modules/auth/session.entity.js';
import { BetActivity } from '../modules/bets/bet-activity.entity.js';
import { Bet } from '../modules/bets/bet.entity.js';
import { BetParticipant } from '../modules/bets/bet-participant.entity.js';
import { BetOffer } from '../modules/bets/bet-offer.entity.js';
import { DisputeStatement } from '../modules/bets/dispute-statement.entity.js';
import { Friendship } from '../modules/friends/friendship.entity.js';
import { NotificationOutboxEntry } from '../modules/notifications/delivery/outbox-entry.entity.js';
import { InviteCode } from '../modules/friends/invites/invite-code.entity.js';
import { SuggestionDismissal } from '../modules/friends/suggestion-dismissal.entity.js';
import { UserNotification } from '../modules/notifications/notification.entity.js';
import { ProfilePicture } from '../modules/pictures/profile-picture.entity.js';
import { PushSubscriptionRecord } from '../modules/notifications/push/push-subscription.entity.js';
import { User } from '../modules/users/user.entity.js';
import { LedgerEntry } from '../modules/wallet/ledger-entry.entity.js';

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
