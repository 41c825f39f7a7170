import type { NotificationDraft } from '../notifications/index.js';

/** What friend-request events tell the other person. */
export const friendNotifications = {
  requested(requesterId: string, addresseeId: string): NotificationDraft {
    return {
      userId: addresseeId,
      type: 'friend_request',
      actorId: requesterId,
      render: (who) => ({
        title: `${who} sent you a friend request`,
        body: 'Accept it on the Friends page to challenge each other and compare records.',
      }),
    };
  },

  accepted(accepterId: string, requesterId: string): NotificationDraft {
    return {
      userId: requesterId,
      type: 'friend_accepted',
      actorId: accepterId,
      render: (who) => ({
        title: `${who} accepted your friend request`,
        body: 'You are friends now: challenge them to a bet.',
      }),
    };
  },

  joinedThroughInvite(inviteeId: string, inviterId: string): NotificationDraft {
    return {
      userId: inviterId,
      type: 'friend_accepted',
      actorId: inviteeId,
      render: (who) => ({
        title: `${who} added you through your invite link`,
        body: 'You are friends now: challenge them to a bet.',
      }),
    };
  },
};
