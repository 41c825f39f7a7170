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
  | 'lock'
  | 'counter'
  | 'name_referee'
  | 'referee_accept'
  | 'referee_decline'
  | 'call'
  | 'accept_call'
  | 'appeal'
  | 'referee_lapse';

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
  'counter',
  'name_referee',
  'referee_accept',
  'referee_decline',
  'call',
  'accept_call',
  'appeal',
  'referee_lapse',
];

/** A referee bet (docs/product.md, "Referee bets") before it starts: the referee is asked, answers, or is replaced. */
const REFEREE_PENDING: Partial<Record<BetAction, BetStatus>> = {
  name_referee: 'pending', // the creator names another referee after one declined
  referee_accept: 'pending', // the referee takes the role: the bet may start
  referee_decline: 'pending', // the referee says no: the creator names another or withdraws
};

/** A referee bet under way: the call, the players' answers to it, and a referee who stays silent. */
const REFEREE_ACTIVE: Partial<Record<BetAction, BetStatus>> = {
  call: 'active', // the referee calls it; nothing is paid until the appeal window ends
  accept_call: 'active', // a player accepts the call (all of them: it settles at once)
  appeal: 'disputed', // a player appeals within the window: an admin decides
  settle: 'completed', // the window ended unappealed, or everyone accepted: paid as the referee called it
  referee_lapse: 'active', // a duel's silent referee: the players' own reports decide it
};

const TRANSITIONS: Record<BetStatus, Partial<Record<BetAction, BetStatus>>> = {
  pending: {
    accept: 'active', // the opponent picks a different outcome; their stake goes into escrow
    decline: 'declined', // the opponent declines or denies; the creator is refunded
    cancel: 'cancelled', // the creator withdraws before acceptance; refunded
    expire: 'expired', // nobody accepted by expiresAt; refunded by the scheduled job
    void: 'cancelled', // a party's account was deleted; refunded
    counter: 'pending', // the side whose turn it is offers other stakes (and the opponent another pick)
    ...REFEREE_PENDING,
  },
  active: {
    report: 'active', // the first report, or a change before both have reported
    ...REFEREE_ACTIVE,
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
    ...REFEREE_PENDING,
  },
  active: {
    report: 'active', // a player's report while others have not reported
    ...REFEREE_ACTIVE,
    referee_lapse: 'disputed', // a pot's silent referee: an admin decides
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

/** The statuses in which a bet's joined seats have their stakes in escrow. */
export const ESCROW_STATUSES: readonly BetStatus[] = ['pending', 'active', 'disputed'];

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

/**
 * Where a referee bet stands with its referee; 'none' for a bet the players settle themselves. A second
 * machine beside the status: the status says where the money is, the stage who may decide.
 */
export type RefereeStage = 'none' | 'needs_referee' | 'asked' | 'agreed' | 'called' | 'lapsed';

export const REFEREE_STAGES: readonly RefereeStage[] = [
  'none',
  'needs_referee',
  'asked',
  'agreed',
  'called',
  'lapsed',
];

/** The actions the referee stage governs. */
export const REFEREE_ACTIONS = [
  'name_referee',
  'referee_accept',
  'referee_decline',
  'accept',
  'lock',
  'call',
  'accept_call',
  'appeal',
  'settle',
  'report',
  'referee_lapse',
] as const satisfies readonly BetAction[];
export type RefereeAction = (typeof REFEREE_ACTIONS)[number];

const REFEREE_STAGE_TRANSITIONS: Record<RefereeStage, Partial<Record<RefereeAction, RefereeStage>>> = {
  none: { accept: 'none', lock: 'none', report: 'none', settle: 'none' },
  needs_referee: { name_referee: 'asked' }, // the referee declined: nothing starts until another agrees
  asked: {
    name_referee: 'asked', // the creator asks someone else before the first answered
    referee_accept: 'agreed',
    referee_decline: 'needs_referee',
  },
  agreed: { accept: 'agreed', lock: 'agreed', call: 'called', referee_lapse: 'lapsed' },
  called: { accept_call: 'called', appeal: 'called', settle: 'called' },
  lapsed: { report: 'lapsed', settle: 'lapsed' }, // a duel falls back to its players' reports
};

/** The referee stage `action` leads to, or null when it may not happen at this stage. */
export function nextRefereeStage(stage: RefereeStage, action: RefereeAction): RefereeStage | null {
  return REFEREE_STAGE_TRANSITIONS[stage][action] ?? null;
}

/** Where `bet` stands with its referee, from its columns. */
export function refereeStage(bet: {
  resolutionType: string;
  refereeId: string | null;
  refereeAcceptedAt: Date | null;
  calledAt: Date | null;
  refereeLapsedAt: Date | null;
}): RefereeStage {
  if (bet.refereeLapsedAt !== null) return 'lapsed';
  if (bet.resolutionType !== 'referee') return bet.calledAt !== null ? 'called' : 'none';
  if (bet.calledAt !== null) return 'called';
  if (bet.refereeId === null) return 'needs_referee';
  return bet.refereeAcceptedAt === null ? 'asked' : 'agreed';
}

/**
 * Whose answer a pending duel waits for (docs/product.md, "Counter-offers"): the opponent's on the creator's
 * terms (no offer yet, or the creator countered back), the creator's on the opponent's counter-offer.
 */
export function offerTurn(bet: { creatorId: string; offerBy: string | null }): 'creator' | 'opponent' {
  return bet.offerBy !== null && bet.offerBy !== bet.creatorId ? 'creator' : 'opponent';
}
