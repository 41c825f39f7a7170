import { Decimal } from 'decimal.js';
import { formatDollars } from '../../common/money.js';
import type { NotificationDraft } from '../notifications/index.js';
import { duelPot, stakeOf, type BetParties } from './bet-outcome.js';

/**
 * What each bet event tells the people it concerns. A party is not told about what they did themselves
 * (their screen already shows it); events nobody in the bet caused (deadlines, admin decisions) go to both.
 */
type Bet = Pick<BetParties, 'id' | 'title' | 'amount' | 'opponentAmount' | 'creatorId' | 'opponentId'>;

const quoted = (bet: Bet) => `“${bet.title}”`;
const stake = (bet: Bet) => formatDollars(bet.amount);
/** What `userId` put in, and what they win: the other side's stake (docs/money.md, "Uneven stakes"). */
const ownStake = (bet: Bet, userId: string) => formatDollars(stakeOf(bet, userId));
const winnings = (bet: Bet, userId: string) =>
  formatDollars(stakeOf(bet, userId === bet.creatorId ? (bet.opponentId ?? '') : bet.creatorId));
const uneven = (bet: Bet) => !!bet.opponentAmount && !new Decimal(bet.opponentAmount).eq(bet.amount);

function parties(bet: Bet): string[] {
  return [bet.creatorId, bet.opponentId].filter((id): id is string => id !== null);
}

function otherParty(bet: Bet, userId: string): string | null {
  return userId === bet.creatorId ? bet.opponentId : bet.creatorId;
}

export const betNotifications = {
  received(bet: Bet): NotificationDraft[] {
    if (!bet.opponentId) return [];
    return [
      {
        userId: bet.opponentId,
        type: 'bet_received',
        betId: bet.id,
        actorId: bet.creatorId,
        render: (who) => ({
          title: `New challenge from ${who}`,
          body: uneven(bet)
            ? `${quoted(bet)}: your ${ownStake(bet, bet.opponentId ?? '')} against ${stake(bet)}. Accept or decline it before it expires.`
            : `${quoted(bet)} for ${stake(bet)}. Accept or decline it before it expires.`,
        }),
      },
    ];
  },

  accepted(bet: Bet): NotificationDraft[] {
    return [
      {
        userId: bet.creatorId,
        type: 'bet_accepted',
        betId: bet.id,
        actorId: bet.opponentId,
        render: (who) => ({
          title: `${who} accepted your challenge`,
          body: uneven(bet)
            ? `${quoted(bet)} is on: your ${stake(bet)} against ${winnings(bet, bet.creatorId)}. Report the result when it is decided.`
            : `${quoted(bet)} is on: ${stake(bet)} each. Report the result when it is decided.`,
        }),
      },
    ];
  },

  declined(bet: Bet): NotificationDraft[] {
    return [
      {
        userId: bet.creatorId,
        type: 'bet_declined',
        betId: bet.id,
        actorId: bet.opponentId,
        render: (who) => ({
          title: `${who} declined your challenge`,
          body: `${quoted(bet)}: your ${stake(bet)} stake is back in your wallet.`,
        }),
      },
    ];
  },

  /** The creator withdrew the challenge before the opponent answered. */
  cancelled(bet: Bet): NotificationDraft[] {
    if (!bet.opponentId) return [];
    return [
      {
        userId: bet.opponentId,
        type: 'bet_cancelled',
        betId: bet.id,
        actorId: bet.creatorId,
        render: (who) => ({
          title: `${who} withdrew a challenge`,
          body: `${quoted(bet)} is no longer waiting for your answer.`,
        }),
      },
    ];
  },

  /** The bet was called off because the other party's account was deleted; stakes came back. */
  voided(bet: Bet, recipients: string[]): NotificationDraft[] {
    return recipients.map((userId) => ({
      userId,
      type: 'bet_cancelled',
      betId: bet.id,
      render: () => ({
        title: 'A bet was called off',
        body: `${quoted(bet)} ended because the other person left Betwixt; your stake is refunded.`,
      }),
    }));
  },

  expired(bet: Bet): NotificationDraft[] {
    return [
      {
        userId: bet.creatorId,
        type: 'bet_expired',
        betId: bet.id,
        render: () => ({
          title: 'Challenge expired',
          body: `Nobody answered ${quoted(bet)} in time; your ${stake(bet)} stake is back in your wallet.`,
        }),
      },
    ];
  },

  /** One hour before the deadline, to each person who still has something to do. */
  expiring(bet: Bet, recipients: string[], status: 'pending' | 'active'): NotificationDraft[] {
    return recipients.map((userId) => ({
      userId,
      type: 'bet_expiring',
      betId: bet.id,
      render: () =>
        status === 'pending'
          ? {
              title: 'Challenge expiring soon',
              body: `${quoted(bet)} expires in about an hour. Accept or decline it now.`,
            }
          : {
              title: 'Bet ending soon',
              body: `${quoted(bet)} ends in about an hour. Submit your outcome.`,
            },
    }));
  },

  /** One party reported; the other still has to. */
  resultSubmitted(bet: Bet, reporterId: string): NotificationDraft[] {
    const other = otherParty(bet, reporterId);
    if (!other) return [];
    return [
      {
        userId: other,
        type: 'result_submitted',
        betId: bet.id,
        actorId: reporterId,
        render: (who) => ({
          title: `${who} reported a result`,
          body: `Submit your outcome for ${quoted(bet)} to settle it.`,
        }),
      },
    ];
  },

  /** Both reports agreed. The second reporter settled it, so only the first hears about it. */
  settled(bet: Bet, winnerId: string | null, settledBy: string): NotificationDraft[] {
    const other = otherParty(bet, settledBy);
    if (!other) return [];
    return [outcomeDraft(bet, other, winnerId, 'bet_resolved', settledBy)];
  },

  disputed(bet: Bet, reporterId: string | null): NotificationDraft[] {
    return parties(bet)
      .filter((userId) => userId !== reporterId)
      .map((userId) => ({
        userId,
        type: 'bet_disputed',
        betId: bet.id,
        render: () => ({
          title: 'Bet under review',
          body: `The results reported for ${quoted(bet)} do not match, so an admin will decide. Both stakes stay in escrow until then.`,
        }),
      }));
  },

  /** An admin decided (or changed the decision on) a disputed bet. */
  /** An admin's decision, with the admin's reason so the players learn why (the admin is not named). */
  adminDecided(bet: Bet, winnerId: string | null, changed: boolean, reason: string): NotificationDraft[] {
    return parties(bet).map((userId) => {
      const draft = outcomeDraft(bet, userId, winnerId, 'dispute_resolved', null, changed);
      return {
        ...draft,
        render: (who) => {
          const text = draft.render(who);
          return { ...text, body: `${text.body} Reason: ${reason}` };
        },
      };
    });
  },
};

function outcomeDraft(
  bet: Bet,
  userId: string,
  winnerId: string | null,
  type: 'bet_resolved' | 'dispute_resolved',
  actorId: string | null,
  changed = false,
): NotificationDraft {
  const byAdmin = type === 'dispute_resolved';
  const prefix = changed ? 'Decision changed: ' : '';
  if (winnerId === null) {
    return {
      userId,
      type,
      betId: bet.id,
      actorId,
      render: () => ({
        title: `${prefix}${quoted(bet)} ended in a draw`,
        body: `${byAdmin ? 'An admin found no clear outcome' : 'No clear outcome'}; your ${ownStake(bet, userId)} stake is back in your wallet.`,
      }),
    };
  }
  if (userId === winnerId) {
    return {
      userId,
      type,
      betId: bet.id,
      actorId,
      amount: stakeOf(bet, userId === bet.creatorId ? (bet.opponentId ?? '') : bet.creatorId),
      render: () => ({
        title: `${prefix}You won ${winnings(bet, userId)}!`,
        body: `${quoted(bet)} ${byAdmin ? 'was decided in your favor by an admin' : 'is settled'}: ${formatDollars(duelPot(bet))} paid to your wallet.`,
      }),
    };
  }
  return {
    userId,
    type,
    betId: bet.id,
    actorId,
    render: () => ({
      title: `${prefix}You lost ${quoted(bet)}`,
      body: `${byAdmin ? 'An admin decided the bet for the other side' : 'The bet is settled'}; your ${ownStake(bet, userId)} stake went to the winner.`,
    }),
  };
}
