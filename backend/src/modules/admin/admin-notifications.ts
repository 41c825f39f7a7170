import { formatDollars } from '../../common/money.js';
import type { NotificationDraft } from '../notifications/index.js';
import type { ModerationActionDto } from './dto/admin.dto.js';

const dateText = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** What an admin's action on an account tells its owner. Admins act as "an admin", never by name. */
export const adminNotifications = {
  balanceAdjusted(
    userId: string,
    type: 'deposit' | 'withdrawal',
    amount: string,
    reason: string,
  ): NotificationDraft {
    return {
      userId,
      type: 'balance_adjusted',
      render: () => ({
        title:
          type === 'deposit'
            ? `An admin added ${formatDollars(amount)}`
            : `An admin removed ${formatDollars(amount)}`,
        body: `Your balance was adjusted: ${reason}`,
      }),
    };
  },

  /**
   * `until` is the end of a suspension (null: until an admin lifts it). Null for what the user cannot see
   * anyway (a ban: they can no longer sign in).
   */
  moderated(
    userId: string,
    action: ModerationActionDto['action'],
    reason: string,
    until: Date | null = null,
  ): NotificationDraft | null {
    const draft = (title: string, body: string): NotificationDraft => ({
      userId,
      type: 'moderation',
      render: () => ({ title, body }),
    });
    switch (action) {
      case 'warn':
        return draft('Warning from an admin', reason);
      case 'suspend':
        return draft(
          until ? `Your account is suspended until ${dateText(until)}` : 'Your account is suspended',
          `You can sign in and look around, but cannot create, accept or report bets or send friend requests. Reason: ${reason}`,
        );
      case 'unsuspend':
        return draft('Your suspension has ended', 'You can bet and send friend requests again.');
      case 'unban':
        return draft('Your account is active again', 'An admin lifted the ban on your account.');
      case 'ban':
        return null;
    }
  },
};
