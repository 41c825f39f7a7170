import type { BetKind, BetStatus } from './bet.entity.js';

/**
 * The bet state machine (docs/product.md §10, bet lifecycle): which action may move a bet from which
 * status, and where to.
 * Pure data and functions, so every state x action pair is unit-tested; services ask it before they
 * write, and their UPDATEs are conditional on the status they read, so a race cannot apply twice.
 */
export type BetAction =
  | 'accept'
  | 'decline'
  | 'cancel'
  | 'expire'
  | 'report'
  | 'settle'
  | 'dispute'
  | 'deadline'
  | 'admin_resolve'
  | 'admin_reresolve'
  | 'void'
  | 'join'
  | 'leave'
  | 'lock';

export const BET_STATUSES: readonly BetStatus[] = [
  'pending',
  'active',
  'completed',
  'disputed',
  'declined',
  'cancelled',
  'expired',
];

export const BET_ACTIONS: readonly BetAction[] = [
  'accept',
  'decline',
  'cancel',
  'expire',
  'report',
  'settle',
  'dispute',
  'deadline',
  'admin_resolve',
  'admin_reresolve',
  'void',
  'join',
  'leave',
  'lock',
];

const TRANSITIONS: Record<BetStatus, Partial<Record<BetAction, BetStatus>>> = {
  pending: {
    accept: 'active', // the opponent picks a different outcome; their stake goes into escrow
    decline: 'declined', // the opponent declines or denies; the creator is refunded
    cancel: 'cancelled', // the creator withdraws before acceptance; refunded
    expire: 'expired', // nobody accepted by expiresAt; refunded by the scheduled job
    void: 'cancelled', // a party's account was deleted; refunded
  },
  active: {
    report: 'active', // the first report, or a change before both have reported
    settle: 'completed', // the second report agrees: paid out (or refunded for a draw)
    dispute: 'disputed', // the second report disagrees and the reporter confirmed
    deadline: 'disputed', // still unsettled 24 h after expiresAt: an admin decides
    void: 'cancelled', // a party's account was deleted; both refunded
  },
  disputed: {
    admin_resolve: 'completed', // an admin picks the winner or a draw; paid out from escrow
    void: 'cancelled', // a party's account was deleted; both refunded
  },
  completed: {
    admin_reresolve: 'completed', // an admin changes the winner of a dispute they resolved
  },
  declined: {},
  cancelled: {},
  expired: {},
};

/**
 * A group pot (docs/product.md, "Group pots") goes through the same statuses: pending while players join,
 * active once locked, then reported, settled or disputed as a duel is. It never ends declined or expired: an
 * invitee's decline only gives up their own seat, and the join deadline locks it instead of expiring it.
 */
const POT_TRANSITIONS: Record<BetStatus, Partial<Record<BetAction, BetStatus>>> = {
  pending: {
    join: 'pending', // an invitee (or a friend of the creator, by the link) takes a seat; stake escrowed
    leave: 'pending', // a player gives their seat up before the lock; refunded
    decline: 'pending', // an invitee turns the invitation down; nothing was escrowed
    lock: 'active', // the join deadline, or the creator starting early, with two picks at least
    cancel: 'cancelled', // the creator calls it off; everyone refunded
    void: 'cancelled', // locked with fewer than two players or one pick only, or an account deleted; refunded
  },
  active: {
    report: 'active', // a player's report while others have not reported
    settle: 'completed', // every player reported the same: split among those who picked it (or refunded)
    dispute: 'disputed', // a report disagrees and the reporter confirmed
    deadline: 'disputed', // not every player reported 24 h after expiresAt: an admin decides
    void: 'cancelled',
  },
  disputed: {
    admin_resolve: 'completed', // an admin decides the outcome (or no clear outcome)
    void: 'cancelled',
  },
  completed: {
    admin_reresolve: 'completed', // the admin's decision changed: reversed and paid again
  },
  declined: {},
  cancelled: {},
  expired: {},
};

/** The status `action` leads to from `status` for a bet of `kind`, or null when the action is not allowed there. */
export function nextStatus(status: BetStatus, action: BetAction, kind: BetKind = 'duel'): BetStatus | null {
  return (kind === 'pot' ? POT_TRANSITIONS : TRANSITIONS)[status][action] ?? null;
}

/** Statuses in which stakes are held in escrow. */
export function holdsEscrow(
  status: BetStatus,
  hasOpponentStake: boolean,
): { creator: boolean; opponent: boolean } {
  switch (status) {
    case 'pending':
      return { creator: true, opponent: false };
    case 'active':
    case 'disputed':
      return { creator: true, opponent: hasOpponentStake };
    case 'completed':
    case 'declined':
    case 'cancelled':
    case 'expired':
      return { creator: false, opponent: false };
  }
}

/** What an open challenge's link shows (docs/product.md, "Open challenge links"). */
export type ChallengeState = 'open' | 'taken' | 'cancelled' | 'expired';

/**
 * Where an open challenge stands: open while pending, unanswered and before its deadline (the deadlines job
 * may not have expired it yet); taken once someone accepted it, whatever happened to the bet after that.
 */
export function challengeState(
  bet: { status: BetStatus; opponentId: string | null; expiresAt: Date | null },
  now: Date,
): ChallengeState {
  switch (bet.status) {
    case 'pending':
      if (bet.opponentId !== null) return 'taken';
      return bet.expiresAt !== null && bet.expiresAt <= now ? 'expired' : 'open';
    case 'active':
    case 'disputed':
    case 'completed':
      return 'taken';
    case 'declined':
    case 'cancelled':
      return 'cancelled';
    case 'expired':
      return 'expired';
  }
}
