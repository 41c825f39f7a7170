import { InitialSchema1795374864630 } from './1795374864630-InitialSchema.js';
import { AccountSecurity1795375192624 } from './1795375192624-AccountSecurity.js';
import { LedgerGuard1795375300000 } from './1795375300000-LedgerGuard.js';
import { IdempotencyKeys1795376578523 } from './1795376578523-IdempotencyKeys.js';
import { PeopleSearchIndexes1795377000000 } from './1795377000000-PeopleSearchIndexes.js';
import { Notifications1795458080336 } from './1795458080336-Notifications.js';
import { DisputeStatements1795500000000 } from './1795500000000-DisputeStatements.js';
import { UserBetStats1795500100000 } from './1795500100000-UserBetStats.js';
import { ReadIndexes1795500200000 } from './1795500200000-ReadIndexes.js';
import { StatementEvidenceLinks1795510000000 } from './1795510000000-StatementEvidenceLinks.js';
import { NotificationOutbox1795514300000 } from './1795514300000-NotificationOutbox.js';
import { ProfilePictures1795514700000 } from './1795514700000-ProfilePictures.js';
import { PeopleFinding1795524400000 } from './1795524400000-PeopleFinding.js';
import { IdempotencyClaimsCommitWithAnswer1795525200000 } from './1795525200000-IdempotencyClaimsCommitWithAnswer.js';
import { OpenChallenges1795530000000 } from './1795530000000-OpenChallenges.js';
import { UsersCreatedIndex1795540000000 } from './1795540000000-UsersCreatedIndex.js';
import { UserStatsCounters1795550000000 } from './1795550000000-UserStatsCounters.js';
import { AdminTotals1795560000000 } from './1795560000000-AdminTotals.js';
import { NotificationCommitOrder1795570000000 } from './1795570000000-NotificationCommitOrder.js';
import { AccentFoldedNames1795570300000 } from './1795570300000-AccentFoldedNames.js';
import { PasswordResetTokens1795570400000 } from './1795570400000-PasswordResetTokens.js';
import { BetParticipants1795580000000 } from './1795580000000-BetParticipants.js';
import { GroupPots1795580100000 } from './1795580100000-GroupPots.js';
import { PotVolume1795580200000 } from './1795580200000-PotVolume.js';
import { Circles1795590000000 } from './1795590000000-Circles.js';
import { PotPlayerStats1795600000000 } from './1795600000000-PotPlayerStats.js';
import { PotsInCircles1795600100000 } from './1795600100000-PotsInCircles.js';
import { RefereesAndCounterOffers1795610000000 } from './1795610000000-RefereesAndCounterOffers.js';
import { UnevenStakeFigures1795640000000 } from './1795640000000-UnevenStakeFigures.js';
import { PotSeatsMirrorThePot1795720000000 } from './1795720000000-PotSeatsMirrorThePot.js';
import { SchemaRules1795800000000 } from './1795800000000-SchemaRules.js';

/** Applied in this order; new migrations are appended. */
export const MIGRATIONS = [
  InitialSchema1795374864630,
  AccountSecurity1795375192624,
  LedgerGuard1795375300000,
  IdempotencyKeys1795376578523,
  PeopleSearchIndexes1795377000000,
  Notifications1795458080336,
  DisputeStatements1795500000000,
  UserBetStats1795500100000,
  ReadIndexes1795500200000,
  StatementEvidenceLinks1795510000000,
  NotificationOutbox1795514300000,
  ProfilePictures1795514700000,
  PeopleFinding1795524400000,
  IdempotencyClaimsCommitWithAnswer1795525200000,
  OpenChallenges1795530000000,
  UsersCreatedIndex1795540000000,
  UserStatsCounters1795550000000,
  AdminTotals1795560000000,
  NotificationCommitOrder1795570000000,
  AccentFoldedNames1795570300000,
  PasswordResetTokens1795570400000,
  BetParticipants1795580000000,
  GroupPots1795580100000,
  PotVolume1795580200000,
  Circles1795590000000,
  PotPlayerStats1795600000000,
  PotsInCircles1795600100000,
  RefereesAndCounterOffers1795610000000,
  UnevenStakeFigures1795640000000,
  PotSeatsMirrorThePot1795720000000,
  SchemaRules1795800000000,
];
