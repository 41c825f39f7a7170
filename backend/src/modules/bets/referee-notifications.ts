import { formatDollars } from '../../common/money.js';
import type { NotificationDraft } from '../notifications/index.js';
import { NO_CLEAR_OUTCOME_RESULT } from './bet-outcome.js';

interface Bet {
  id: number;
  title: string;
  creatorId: string;
  refereeId: string | null;
}

const quoted = (bet: Bet) => `“${bet.title}”`;
const outcomeText = (outcome: string) => (outcome === NO_CLEAR_OUTCOME_RESULT ? 'no clear outcome' : `“${outcome}”`);

/** What each step of a referee bet and of a counter-offer exchange tells whom (docs/product.md). */
export const refereeNotifications = {
  /** The referee is asked to take the role: they accept or decline on the bet's page. */
  asked(bet: Bet): NotificationDraft[] {
    if (!bet.refereeId) return [];
    return [
      {
        userId: bet.refereeId,
        type: 'referee_asked',
        betId: bet.id,
        actorId: bet.creatorId,
        render: (who) => ({
          title: `${who} asks you to referee`,
          body: `${quoted(bet)}: you would call the outcome after the event, and stake nothing. Accept or decline the role.`,
        }),
      },
    ];
  },

  answered(bet: Bet, refereeId: string, agreed: boolean, recipients: string[]): NotificationDraft[] {
    return recipients.map((userId) => ({
      userId,
      type: 'referee_answered',
      betId: bet.id,
      actorId: refereeId,
      render: (who) =>
        agreed
          ? { title: `${who} will referee`, body: `${quoted(bet)} can start: its referee has agreed.` }
          : userId === bet.creatorId
            ? {
                title: `${who} declined to referee`,
                body: `${quoted(bet)} needs another referee: pick one, or withdraw the challenge for a refund.`,
              }
            : { title: `${who} declined to referee`, body: `${quoted(bet)} is waiting for a new referee.` },
    }));
  },

  /** Halfway through the silence allowed after the deadline. */
  reminder(bet: Bet): NotificationDraft[] {
    if (!bet.refereeId) return [];
    return [
      {
        userId: bet.refereeId,
        type: 'referee_reminder',
        betId: bet.id,
        render: () => ({
          title: 'Your call is awaited',
          body: `${quoted(bet)} ended: call the outcome, or it falls back without you.`,
        }),
      },
    ];
  },

  /** The call, with what it means for each player's money if it stands. */
  called(
    bet: Bet,
    outcome: string,
    consequences: Map<string, string>,
    appealUntil: Date,
  ): NotificationDraft[] {
    return [...consequences.entries()].map(([userId, consequence]) => ({
      userId,
      type: 'bet_called',
      betId: bet.id,
      actorId: bet.refereeId,
      render: (who) => ({
        title: `${who} called ${quoted(bet)}`,
        body: `The call: ${outcomeText(outcome)}. ${consequence} You may appeal until ${appealUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      }),
    }));
  },

  appealed(bet: Bet, appellantId: string, recipients: string[]): NotificationDraft[] {
    return recipients.map((userId) => ({
      userId,
      type: 'call_appealed',
      betId: bet.id,
      actorId: appellantId,
      render: (who) => ({
        title: `${who} appealed the call`,
        body: `An admin will decide ${quoted(bet)}, with the referee's call and note beside the statements. The stakes stay in escrow until then.`,
      }),
    }));
  },

  /** The referee stayed silent: a duel goes back to its players, a pot to an admin. */
  lapsed(bet: Bet, recipients: string[], toAdmin: boolean): NotificationDraft[] {
    return recipients.map((userId) => ({
      userId,
      type: 'bet_disputed',
      betId: bet.id,
      render: () => ({
        title: 'The referee did not call it',
        body: toAdmin
          ? `An admin will decide ${quoted(bet)} instead. The stakes stay in escrow until then.`
          : `Report the result of ${quoted(bet)} yourselves: when your reports agree, it settles.`,
      }),
    }));
  },

  /** The challenger accepted the opponent's counter-offer: the opponent hears the bet is on. */
  offerAccepted(bet: Bet, creatorId: string, opponentId: string): NotificationDraft[] {
    return [
      {
        userId: opponentId,
        type: 'bet_accepted',
        betId: bet.id,
        actorId: creatorId,
        render: (who) => ({
          title: `${who} accepted your counter-offer`,
          body: `${quoted(bet)} is on, on your terms. Report the result when it is decided.`,
        }),
      },
    ];
  },

  /** A counter-offer, to the side whose turn it now is. */
  countered(bet: Bet, byUserId: string, to: string, theirs: string, yours: string): NotificationDraft[] {
    return [
      {
        userId: to,
        type: 'counter_offer',
        betId: bet.id,
        actorId: byUserId,
        render: (who) => ({
          title: `${who} made a counter-offer`,
          body: `${quoted(bet)}: your ${formatDollars(yours)} against ${formatDollars(theirs)}. Accept, counter or decline it.`,
        }),
      },
    ];
  },
};
