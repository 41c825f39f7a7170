import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { decodeCursor, encodeCursor, pageOf } from '../../common/http/cursor.js';
import { Transactor, type Tx } from '../../database/transactor.js';
import { type NotificationDraft, NotificationsService } from '../notifications/index.js';
import { AccountStanding, summarise } from '../users/index.js';
import type { FriendListDto, FriendRequestDto, FriendshipDto } from './dto/person.dto.js';
import {
  FriendRequestNotFoundError,
  FriendshipConflictError,
  NotAddresseeError,
  NotFriendsError,
  PersonNotFoundError,
  SelfFriendRequestError,
  SuspendedFriendRequestError,
} from './friends.errors.js';
import { friendNotifications } from './friend-notifications.js';
import { FriendsRepository, type FriendshipRow } from './friends.repository.js';
import { friendshipStatusOf, presentPerson, relationTo } from './person-rows.js';

export const DEFAULT_FRIENDS_PAGE = 500;
export const REQUESTS_PAGE = 100;

function toDto(viewerId: string, row: FriendshipRow): FriendshipDto {
  return {
    id: row.id,
    requesterId: row.requesterId,
    addresseeId: row.addresseeId,
    status: row.status,
    friendshipStatus: friendshipStatusOf(viewerId, row.status, row.requesterId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Friend requests and friendships. One row per pair of people: a request creates it, accept/decline
 * settle it, a new request after a decline reuses it, unfriending deletes it. Every change runs in one
 * transaction holding the pair's row lock, so racing clients cannot create two friendships or skip a rule.
 */
@Injectable()
export class FriendsService {
  constructor(
    private readonly transactor: Transactor,
    private readonly friendships: FriendsRepository,
    private readonly standing: AccountStanding,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * A page of the viewer's friends still on the platform, by username (people without one last), after the
   * (name, id) of the previous page's last friend; and how many there are in all, for the heading.
   */
  async friends(viewer: AuthUser, limit = DEFAULT_FRIENDS_PAGE, before?: string): Promise<FriendListDto> {
    const after = decodeCursor(before, ['optionalText', 'uuid']);
    const [rows, total] = await Promise.all([
      this.friendships.friendsOf(viewer.id, limit + 1, after),
      this.friendships.countFriendsOf(viewer.id),
    ]);
    const page = pageOf(rows, limit, (row) => encodeCursor([row.sortName, row.id]));
    return {
      items: page.rows.map(({ sortName: _name, ...row }) => ({
        ...presentPerson(viewer, row),
        friendshipId: row.friendshipId ?? '',
        since: (row.friendshipUpdatedAt ?? new Date(0)).toISOString(),
      })),
      total,
      nextBefore: page.nextBefore,
    };
  }

  /** Pending requests addressed to the viewer, newest first. */
  async incomingRequests(viewer: AuthUser): Promise<FriendRequestDto[]> {
    const rows = await this.friendships.incomingRequests(viewer.id, REQUESTS_PAGE);
    return rows.map((row) => ({
      id: row.requestId,
      requester: summarise(row, relationTo(viewer, row.id, false)),
      createdAt: row.requestedAt.toISOString(),
    }));
  }

  /**
   * Sends a request. A request to someone who already asked the viewer accepts theirs instead (the two
   * people clearly want the same thing; refusing would only make them find the other button).
   */
  async request(viewer: AuthUser, addresseeId: string): Promise<FriendshipDto> {
    const me = viewer.id;
    const them = addresseeId.toLowerCase();
    if (them === me) throw new SelfFriendRequestError();
    return this.transactor.run(async (tx) => {
      if (await this.standing.isSuspended(tx, me, this.clock.now())) throw new SuspendedFriendRequestError();
      if (!(await this.standing.isActive(tx, them))) throw new PersonNotFoundError();

      for (let attempt = 0; attempt < 3; attempt++) {
        const created = await this.friendships.insert(tx, me, them, 'pending');
        const existing = created ? undefined : await this.friendships.lockPair(tx, me, them);
        // Deleted (unfriended) between the insert and the lock: try the insert again.
        if (!created && !existing) continue;
        const row = created ?? (await this.requestOver(tx, me, them, existing as FriendshipRow));
        await this.announce(
          tx,
          row,
          row.status === 'accepted'
            ? friendNotifications.accepted(me, them)
            : friendNotifications.requested(me, them),
        );
        return toDto(me, row);
      }
      throw new FriendshipConflictError('Please try again', 'friendship_busy');
    });
  }

  /**
   * Makes the viewer and the inviter friends at once (docs/product.md, "Invite links"): the link is the
   * inviter's consent and opening it the viewer's, so no request waits in between. A pending or declined
   * row between them becomes the friendship; already friends is not an error (the link may be opened twice).
   */
  async befriendThroughInvite(viewer: AuthUser, inviterId: string): Promise<{ alreadyFriends: boolean }> {
    const me = viewer.id;
    if (inviterId === me) throw new SelfFriendRequestError();
    return this.transactor.run(async (tx) => {
      if (await this.standing.isSuspended(tx, me, this.clock.now())) throw new SuspendedFriendRequestError();
      for (let attempt = 0; attempt < 3; attempt++) {
        const created = await this.friendships.insert(tx, inviterId, me, 'accepted');
        const existing = created ? undefined : await this.friendships.lockPair(tx, me, inviterId);
        if (!created && !existing) continue;
        if (existing?.status === 'accepted') return { alreadyFriends: true };
        const row = created ?? (await this.setStatus(tx, (existing as FriendshipRow).id, 'accepted'));
        await this.announce(tx, row, friendNotifications.joinedThroughInvite(me, inviterId));
        return { alreadyFriends: false };
      }
      throw new FriendshipConflictError('Please try again', 'friendship_busy');
    });
  }

  async accept(viewer: AuthUser, requestId: string): Promise<FriendshipDto> {
    return this.transactor.run(async (tx) => {
      const row = await this.lockRequestForAddressee(tx, viewer.id, requestId, 'accept');
      const accepted = await this.setStatus(tx, row.id, 'accepted');
      await this.announce(tx, accepted, friendNotifications.accepted(viewer.id, row.requesterId));
      return toDto(viewer.id, accepted);
    });
  }

  async decline(viewer: AuthUser, requestId: string): Promise<FriendshipDto> {
    return this.transactor.run(async (tx) => {
      const row = await this.lockRequestForAddressee(tx, viewer.id, requestId, 'decline');
      const declined = await this.setStatus(tx, row.id, 'declined');
      // Declining is quiet: the requester's lists refresh, but nobody is told "they said no".
      await this.announce(tx, declined, null);
      return toDto(viewer.id, declined);
    });
  }

  /** Either friend may end the friendship; the row goes, so either may ask again later. */
  async unfriend(viewer: AuthUser, friendUserId: string): Promise<void> {
    if ((await this.friendships.deleteFriendship(viewer.id, friendUserId)) === 0) throw new NotFriendsError();
  }

  private async requestOver(
    tx: Tx,
    me: string,
    them: string,
    existing: FriendshipRow,
  ): Promise<FriendshipRow> {
    switch (existing.status) {
      case 'accepted':
        throw new FriendshipConflictError('You are already friends', 'already_friends');
      case 'pending':
        if (existing.requesterId === me) {
          throw new FriendshipConflictError('Friend request already sent', 'friend_request_exists');
        }
        // They already asked me: my request is my answer.
        return this.setStatus(tx, existing.id, 'accepted');
      case 'declined': {
        // A declined request is history: the row is reused for the new request, whoever sends it.
        const row = await this.friendships.renewRequest(tx, existing.id, me, them);
        if (!row) throw new FriendRequestNotFoundError();
        return row;
      }
    }
  }

  /** Notifies the other person (if anyone) and refreshes both people's friend lists after commit. */
  private async announce(tx: Tx, row: FriendshipRow, draft: NotificationDraft | null): Promise<void> {
    if (draft) await this.notifications.notify(tx, [draft]);
    // Notifications too: a request's call to action reads as done once it is answered.
    this.notifications.changed(tx, [row.requesterId, row.addresseeId], ['friends', 'notifications']);
  }

  /**
   * The request, locked, if the viewer may act on it. Someone outside the pair is told it does not exist;
   * the requester learns only the addressee can answer; an answered request is a conflict.
   */
  private async lockRequestForAddressee(
    tx: Tx,
    viewerId: string,
    requestId: string,
    action: 'accept' | 'decline',
  ): Promise<FriendshipRow> {
    const row = await this.friendships.lockRequest(tx, requestId);
    if (!row || (row.requesterId !== viewerId && row.addresseeId !== viewerId)) {
      throw new FriendRequestNotFoundError();
    }
    if (row.requesterId === viewerId) throw new NotAddresseeError(action);
    if (!row.requesterActive) throw new FriendRequestNotFoundError();
    if (row.status === 'accepted') {
      throw new FriendshipConflictError('You are already friends', 'already_friends');
    }
    if (row.status === 'declined') {
      throw new FriendshipConflictError(
        'This friend request was already declined',
        'friend_request_answered',
      );
    }
    return row;
  }

  private async setStatus(tx: Tx, id: string, status: 'accepted' | 'declined'): Promise<FriendshipRow> {
    const row = await this.friendships.setStatus(tx, id, status);
    if (!row) throw new FriendRequestNotFoundError();
    return row;
  }
}
