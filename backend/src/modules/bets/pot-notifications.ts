import { formatDollars } from '../../common/money.js';
import type { NotificationDraft } from '../notifications/index.js';

/** What each group pot event tells its people (the actor is not told what they did themselves). */
interface Pot {
  id: number;
  title: string;
  amount: string;
  creatorId: string;
}

const quoted = (pot: Pot) => `“${pot.title}”`;
const stake = (pot: Pot) => formatDollars(pot.amount);

export const potNotifications = {
  invited(pot: Pot, inviteeIds: readonly string[]): NotificationDraft[] {
    return inviteeIds.map((userId) => ({
      userId,
      type: 'pot_invited' as const,
      betId: pot.id,
      actorId: pot.creatorId,
      render: (who: string) => ({
        title: `${who} invited you to a group pot`,
        body: `${quoted(pot)}: ${stake(pot)} each, split among those who pick right. Join with your pick or decline.`,
      }),
    }));
  },

  joined(pot: Pot, userId: string): NotificationDraft[] {
    return [
      {
        userId: pot.creatorId,
        type: 'pot_joined',
        betId: pot.id,
        actorId: userId,
        render: (who) => ({
          title: `${who} joined your group pot`,
          body: `${quoted(pot)}: ${stake(pot)} is in.`,
        }),
      },
    ];
  },

  locked(pot: Pot, players: readonly string[], playerCount: number, total: string): NotificationDraft[] {
    return players.map((userId) => ({
      userId,
      type: 'pot_locked' as const,
      betId: pot.id,
      render: () => ({
        title: 'Your group pot is on',
        body: `${quoted(pot)} is locked with ${playerCount} players and ${formatDollars(total)} in the pot. Report the outcome when it is decided.`,
      }),
    }));
  },

  voided(pot: Pot, players: readonly string[], why: string): NotificationDraft[] {
    return players.map((userId) => ({
      userId,
      type: 'pot_void' as const,
      betId: pot.id,
      render: () => ({
        title: 'A group pot was called off',
        body: `${quoted(pot)}: ${why} Your ${stake(pot)} stake is back in your wallet.`,
      }),
    }));
  },

  cancelled(pot: Pot, players: readonly string[]): NotificationDraft[] {
    return players.map((userId) => ({
      userId,
      type: 'pot_void' as const,
      betId: pot.id,
      actorId: pot.creatorId,
      render: (who: string) => ({
        title: `${who} called off a group pot`,
        body: `${quoted(pot)}: any stake you put in is back in your wallet.`,
      }),
    }));
  },

  /** Everyone hears what the pot came to for them, with their amount. */
  settled(pot: Pot, nets: readonly { userId: string; net: string }[], byAdmin: boolean): NotificationDraft[] {
    return nets.map(({ userId, net }) => {
      const won = !net.startsWith('-') && net !== '0.00';
      const lost = net.startsWith('-');
      return {
        userId,
        type: 'pot_settled' as const,
        betId: pot.id,
        amount: net,
        render: () => ({
          title: won
            ? `You won ${formatDollars(net)}`
            : lost
              ? 'You lost a group pot'
              : 'Nobody won the group pot',
          body: won
            ? `${quoted(pot)} is settled${byAdmin ? ' by an admin' : ''}: your share is in your wallet.`
            : lost
              ? `${quoted(pot)} is settled${byAdmin ? ' by an admin' : ''}: your ${stake(pot)} stake went to the winners.`
              : `${quoted(pot)} is settled${byAdmin ? ' by an admin' : ''}: your stake is back in your wallet.`,
        }),
      };
    });
  },

  disputed(pot: Pot, players: readonly string[]): NotificationDraft[] {
    return players.map((userId) => ({
      userId,
      type: 'bet_disputed' as const,
      betId: pot.id,
      render: () => ({
        title: 'A group pot needs an admin',
        body: `${quoted(pot)}: the reports do not agree. Add your statement; an admin decides.`,
      }),
    }));
  },

  /** Before the deadline, to the players who have not reported. */
  reminder(pot: Pot, silent: readonly string[]): NotificationDraft[] {
    return silent.map((userId) => ({
      userId,
      type: 'pot_reminder' as const,
      betId: pot.id,
      render: () => ({
        title: 'Report the outcome of your group pot',
        body: `${quoted(pot)} ends within the hour. Report what happened so it can settle.`,
      }),
    }));
  },
};
