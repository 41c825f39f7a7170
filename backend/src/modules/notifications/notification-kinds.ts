/**
 * What the notification centre can say, and how each kind is grouped for the browser's per-category
 * switches (the spec's `notification-settings`: betUpdates, betExpiring, betResolved, friendRequests).
 */
export const NOTIFICATION_CATEGORY = {
  bet_received: 'betUpdates',
  bet_accepted: 'betUpdates',
  bet_declined: 'betUpdates',
  bet_cancelled: 'betUpdates',
  result_submitted: 'betUpdates',
  bet_disputed: 'betUpdates',
  referee_asked: 'betUpdates',
  referee_answered: 'betUpdates',
  referee_reminder: 'betExpiring',
  bet_called: 'betUpdates',
  call_appealed: 'betUpdates',
  counter_offer: 'betUpdates',
  bet_expiring: 'betExpiring',
  bet_expired: 'betExpiring',
  bet_resolved: 'betResolved',
  dispute_resolved: 'betResolved',
  // A group pot's own events, in the switches a duel's same events use.
  pot_invited: 'betUpdates',
  pot_joined: 'betUpdates',
  pot_locked: 'betUpdates',
  pot_void: 'betUpdates',
  pot_reminder: 'betExpiring',
  pot_settled: 'betResolved',
  friend_request: 'friendRequests',
  friend_accepted: 'friendRequests',
  moderation: 'account',
  balance_adjusted: 'account',
  circle_invitation: 'circles',
  circle_comment: 'circles',
  comment_hidden: 'account',
} as const;

export type NotificationType = keyof typeof NOTIFICATION_CATEGORY;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORY)[NotificationType];
export const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_CATEGORY) as NotificationType[];
export const NOTIFICATION_CATEGORIES = [
  'betUpdates',
  'betExpiring',
  'betResolved',
  'friendRequests',
  'account',
  'circles',
] as const satisfies readonly NotificationCategory[];

/** Where a click on the notification takes the user in the app. */
export function notificationUrl(type: NotificationType, betId: number | null): string {
  switch (NOTIFICATION_CATEGORY[type]) {
    case 'betUpdates':
    case 'betExpiring':
    case 'betResolved':
      return betId === null ? '/' : `/bets/${betId}`;
    case 'friendRequests':
      return '/friends';
    case 'account':
      return type === 'balance_adjusted' ? '/history' : '/account';
    case 'circles':
      return type === 'circle_comment' && betId !== null ? `/bets/${betId}` : '/circles';
  }
}

/**
 * What changed for the recipient, so an open app refreshes exactly those lists (sent with the
 * notification over the live stream).
 */
export type ChangeTopic =
  'bets' | 'wallet' | 'friends' | 'activities' | 'notifications' | 'profile' | 'circles';
export const CHANGE_TOPICS: readonly ChangeTopic[] = [
  'bets',
  'wallet',
  'friends',
  'activities',
  'notifications',
  'profile',
  'circles',
];

/** What a notification's subject is like now, read with the page of notifications. */
export interface NotificationSubject {
  /** The bet's status now, for notifications about a bet. */
  betStatus: string | null;
  /** Whether the recipient has reported the bet's outcome. */
  reported: boolean;
  /** A group pot's recipient: joined (true), invited and not joined (false), no seat (null: declined, left). */
  joined?: boolean | null;
  /** The friend request's state now, for a friend_request (null: it no longer exists). */
  requestStatus: string | null;
  /** A referee bet's recipient as its referee: agreed (true), asked (false), no longer its referee (null). */
  refereeAgreed?: boolean | null;
  /** Whether the referee has called the bet. */
  called?: boolean;
}

const CHALLENGE_ENDED: Record<string, string> = {
  active: 'The challenge was accepted.',
  completed: 'The challenge was accepted and has been settled.',
  disputed: 'The challenge was accepted and is now disputed.',
  declined: 'The challenge was declined.',
  cancelled: 'The challenge was withdrawn.',
  expired: 'The challenge expired.',
};

const BET_ENDED: Record<string, string> = {
  completed: 'The bet has been settled.',
  disputed: 'The reports differ, so an admin is reviewing it.',
  cancelled: 'The bet was called off.',
};

const POT_ENDED: Record<string, string> = {
  active: 'The pot is locked and under way.',
  disputed: 'The pot is locked; its reports differ, so an admin is reviewing it.',
  completed: 'The pot has been settled.',
  cancelled: 'The pot was called off.',
};

/** An invitation to a pot: done once the recipient joined or gave their seat up, or the pot moved on. */
const potAnswered = (subject: NotificationSubject): string | null => {
  if (subject.betStatus === null) return 'The pot is gone.';
  if (subject.betStatus !== 'pending') return POT_ENDED[subject.betStatus] ?? null;
  if (subject.joined === true) return 'You joined the pot.';
  return subject.joined === null ? 'You are not in this pot.' : null;
};

const answered = (subject: NotificationSubject): string | null =>
  subject.betStatus === null || subject.betStatus === 'pending'
    ? null
    : (CHALLENGE_ENDED[subject.betStatus] ?? null);

const reportDone = (subject: NotificationSubject): string | null => {
  if (subject.betStatus === 'active') return subject.reported ? 'You have reported the result.' : null;
  return subject.betStatus === null ? null : (BET_ENDED[subject.betStatus] ?? null);
};

/** The referee's question: done once they took the role, or declined it, or the bet moved on. */
const refereeAnswered = (subject: NotificationSubject): string | null => {
  if (subject.betStatus === null) return null;
  if (subject.refereeAgreed === true) return 'You agreed to referee it.';
  if (subject.betStatus !== 'pending' && subject.betStatus !== 'active')
    return CHALLENGE_ENDED[subject.betStatus] ?? null;
  return subject.refereeAgreed === null
    ? 'You are not its referee (you declined, or another was named).'
    : null;
};

/** The referee's reminder: done once they called it or the bet moved on without them. */
const callMade = (subject: NotificationSubject): string | null => {
  if (subject.called === true) return 'You called it.';
  if (subject.betStatus === null || subject.betStatus === 'active') return null;
  return BET_ENDED[subject.betStatus] ?? null;
};

/** A call the players may appeal: done once it settled as called or went to an admin. */
const callAnswered = (subject: NotificationSubject): string | null =>
  subject.betStatus === 'completed'
    ? 'The call stood and the bet has been settled.'
    : subject.betStatus === 'disputed'
      ? 'The call was appealed: an admin decides.'
      : null;

/**
 * The calls to action the notifications end with, and what each says once it is done (null: still to
 * do). The stored text keeps what was said at the time; these are matched on it, so older rows follow too.
 */
const CALLS: Partial<
  Record<NotificationType, { call: RegExp; done: (subject: NotificationSubject) => string | null }[]>
> = {
  bet_received: [{ call: /Accept or decline it before it expires\.$/, done: answered }],
  bet_expiring: [
    { call: /Accept or decline it now\.$/, done: answered },
    { call: /Submit your outcome\.$/, done: reportDone },
  ],
  bet_accepted: [{ call: /Report the result when it is decided\.$/, done: reportDone }],
  pot_invited: [{ call: /Join with your pick or decline\.$/, done: potAnswered }],
  pot_locked: [{ call: /Report the outcome when it is decided\.$/, done: reportDone }],
  pot_reminder: [{ call: /Report what happened so it can settle\.$/, done: reportDone }],
  result_submitted: [{ call: /^Submit your outcome for (“.*”) to settle it\.$/s, done: reportDone }],
  referee_asked: [{ call: /Accept or decline the role\.$/, done: refereeAnswered }],
  referee_reminder: [{ call: /call the outcome, or it falls back without you\.$/, done: callMade }],
  bet_called: [{ call: /You may appeal until [^.]* UTC\.$/, done: callAnswered }],
  counter_offer: [{ call: /Accept, counter or decline it\.$/, done: answered }],
  friend_request: [
    {
      call: /Accept it on the Friends page to challenge each other and compare records\.$/,
      done: (subject) =>
        subject.requestStatus === 'pending'
          ? null
          : subject.requestStatus === 'accepted'
            ? 'You are friends now.'
            : subject.requestStatus === 'declined'
              ? 'The request was declined.'
              : 'The request was withdrawn.',
    },
  ],
};

/** Which notification types end with a call to action that may since have been done. */
export const TYPES_WITH_CALLS = Object.keys(CALLS) as NotificationType[];

/**
 * A notification's text as it is true now: a call to action that has since been done (a challenge
 * answered, a result reported, a bet settled, a friend request accepted) is replaced by what happened.
 * Worked out on read, so every device and every reload agrees.
 */
export function currentBody(type: NotificationType, body: string, subject: NotificationSubject): string {
  for (const { call, done } of CALLS[type] ?? []) {
    const match = call.exec(body);
    if (!match) continue;
    const now = done(subject);
    if (now === null) return body;
    // A body that is nothing but the call (a reported result) keeps the bet's title it named.
    return match.index === 0 && match[1] ? `${match[1]}: ${now}` : `${body.slice(0, match.index)}${now}`;
  }
  return body;
}
