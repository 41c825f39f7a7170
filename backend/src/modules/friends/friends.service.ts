import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { inTransaction } from '../../database/in-transaction.js';
import { NotificationsService, type NotificationDraft } from '../notifications/notifications.service.js';
import { isSuspended } from '../users/account-standing.js';
import { summarise } from '../users/privacy.js';
import type { FriendDto, FriendRequestDto, FriendshipDto } from './dto/person.dto.js';
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
import type { FriendshipStatus } from './friendship.entity.js';
import {
  ACTIVE_PERSON,
  friendshipStatusOf,
  PERSON_COLUMNS,
  presentPerson,
  relationTo,
  type PersonRow,
} from './person-rows.js';

export const DEFAULT_FRIENDS_PAGE = 500;
export const REQUESTS_PAGE = 100;

interface FriendshipRow {
  id: string;
  requesterId: string;
  addresseeId: string;
  status: FriendshipStatus;
  createdAt: Date;
  updatedAt: Date;
}

const FRIENDSHIP_COLUMNS = `id, "requesterId", "addresseeId", status, "createdAt", "updatedAt"`;

/** The row for a pair of people, whichever way the request went (UQ_friendships_pair). */
const PAIR = `LEAST("requesterId", "addresseeId") = LEAST($1::uuid, $2::uuid)
          AND GREATEST("requesterId", "addresseeId") = GREATEST($1::uuid, $2::uuid)`;

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
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
  ) {}

  async friends(viewer: AuthUser, limit = DEFAULT_FRIENDS_PAGE): Promise<FriendDto[]> {
    const rows = await this.dataSource.query<PersonRow[]>(
      `SELECT ${PERSON_COLUMNS}
         FROM friendships f
         JOIN users u ON u.id = CASE WHEN f."requesterId" = $1::uuid THEN f."addresseeId" ELSE f."requesterId" END
        WHERE f.status = 'accepted' AND (f."requesterId" = $1::uuid OR f."addresseeId" = $1::uuid)
          AND ${ACTIVE_PERSON}
        ORDER BY lower(u.username) ASC NULLS LAST, u.id
        LIMIT $2`,
      [viewer.id, limit],
    );
    return rows.map((row) => ({
      ...presentPerson(viewer, row),
      friendshipId: row.friendshipId ?? '',
      since: (row.friendshipUpdatedAt ?? new Date(0)).toISOString(),
    }));
  }

  /** Pending requests addressed to the viewer, newest first. */
  async incomingRequests(viewer: AuthUser): Promise<FriendRequestDto[]> {
    const rows = await this.dataSource.query<(PersonRow & { requestId: string; requestedAt: Date })[]>(
      `SELECT ${PERSON_COLUMNS}, f.id AS "requestId", f."createdAt" AS "requestedAt"
         FROM friendships f
         JOIN users u ON u.id = f."requesterId"
        WHERE f."addresseeId" = $1::uuid AND f.status = 'pending' AND ${ACTIVE_PERSON}
        ORDER BY f."createdAt" DESC, f.id
        LIMIT ${REQUESTS_PAGE}`,
      [viewer.id],
    );
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
    return inTransaction(this.dataSource, async (manager) => {
      if (await isSuspended(manager, me, this.clock.now())) throw new SuspendedFriendRequestError();
      const [target] = await manager.query<{ id: string }[]>(
        `SELECT u.id FROM users u WHERE u.id = $1::uuid AND ${ACTIVE_PERSON}`,
        [them],
      );
      if (!target) throw new PersonNotFoundError();

      for (let attempt = 0; attempt < 3; attempt++) {
        const [created] = await manager.query<FriendshipRow[]>(
          `INSERT INTO friendships ("requesterId", "addresseeId", status) VALUES ($1, $2, 'pending')
           ON CONFLICT DO NOTHING RETURNING ${FRIENDSHIP_COLUMNS}`,
          [me, them],
        );
        const existing = created ? undefined : await this.lockPair(manager, me, them);
        // Deleted (unfriended) between the insert and the lock: try the insert again.
        if (!created && !existing) continue;
        const row = created ?? (await this.requestOver(manager, me, them, existing as FriendshipRow));
        await this.announce(
          manager,
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
    return inTransaction(this.dataSource, async (manager) => {
      if (await isSuspended(manager, me, this.clock.now())) throw new SuspendedFriendRequestError();
      for (let attempt = 0; attempt < 3; attempt++) {
        const [created] = await manager.query<FriendshipRow[]>(
          `INSERT INTO friendships ("requesterId", "addresseeId", status) VALUES ($1, $2, 'accepted')
           ON CONFLICT DO NOTHING RETURNING ${FRIENDSHIP_COLUMNS}`,
          [inviterId, me],
        );
        const existing = created ? undefined : await this.lockPair(manager, me, inviterId);
        if (!created && !existing) continue;
        if (existing?.status === 'accepted') return { alreadyFriends: true };
        const row = created ?? (await this.setStatus(manager, (existing as FriendshipRow).id, 'accepted'));
        await this.announce(manager, row, friendNotifications.joinedThroughInvite(me, inviterId));
        return { alreadyFriends: false };
      }
      throw new FriendshipConflictError('Please try again', 'friendship_busy');
    });
  }

  async accept(viewer: AuthUser, requestId: string): Promise<FriendshipDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const row = await this.lockRequestForAddressee(manager, viewer.id, requestId, 'accept');
      const accepted = await this.setStatus(manager, row.id, 'accepted');
      await this.announce(manager, accepted, friendNotifications.accepted(viewer.id, row.requesterId));
      return toDto(viewer.id, accepted);
    });
  }

  async decline(viewer: AuthUser, requestId: string): Promise<FriendshipDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const row = await this.lockRequestForAddressee(manager, viewer.id, requestId, 'decline');
      const declined = await this.setStatus(manager, row.id, 'declined');
      // Declining is quiet: the requester's lists refresh, but nobody is told "they said no".
      await this.announce(manager, declined, null);
      return toDto(viewer.id, declined);
    });
  }

  /** Either friend may end the friendship; the row goes, so either may ask again later. */
  async unfriend(viewer: AuthUser, friendUserId: string): Promise<void> {
    const result = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM friendships WHERE ${PAIR} AND status = 'accepted' AND $1::uuid <> $2::uuid`,
      [viewer.id, friendUserId],
    );
    if (result[1] === 0) throw new NotFriendsError();
  }

  private async requestOver(
    manager: EntityManager,
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
        return this.setStatus(manager, existing.id, 'accepted');
      case 'declined': {
        // A declined request is history: the row is reused for the new request, whoever sends it.
        const [renewed] = await manager.query<[FriendshipRow[], number]>(
          `UPDATE friendships
              SET "requesterId" = $2, "addresseeId" = $3, status = 'pending', "createdAt" = now(), "updatedAt" = now()
            WHERE id = $1 RETURNING ${FRIENDSHIP_COLUMNS}`,
          [existing.id, me, them],
        );
        const row = renewed[0];
        if (!row) throw new FriendRequestNotFoundError();
        return row;
      }
    }
  }

  /** Notifies the other person (if anyone) and refreshes both people's friend lists after commit. */
  private async announce(
    manager: EntityManager,
    row: FriendshipRow,
    draft: NotificationDraft | null,
  ): Promise<void> {
    if (draft) await this.notifications.notify(manager, [draft]);
    this.notifications.changed(manager, [row.requesterId, row.addresseeId], ['friends']);
  }

  private async lockPair(manager: EntityManager, a: string, b: string): Promise<FriendshipRow | undefined> {
    const [row] = await manager.query<FriendshipRow[]>(
      `SELECT ${FRIENDSHIP_COLUMNS} FROM friendships WHERE ${PAIR} FOR UPDATE`,
      [a, b],
    );
    return row;
  }

  /**
   * The request, locked, if the viewer may act on it. Someone outside the pair is told it does not exist;
   * the requester learns only the addressee can answer; an answered request is a conflict.
   */
  private async lockRequestForAddressee(
    manager: EntityManager,
    viewerId: string,
    requestId: string,
    action: 'accept' | 'decline',
  ): Promise<FriendshipRow> {
    const [row] = await manager.query<(FriendshipRow & { requesterActive: boolean })[]>(
      `SELECT f.id, f."requesterId", f."addresseeId", f.status, f."createdAt", f."updatedAt",
              (u."deletedAt" IS NULL AND u."bannedAt" IS NULL) AS "requesterActive"
         FROM friendships f JOIN users u ON u.id = f."requesterId"
        WHERE f.id = $1::uuid
          FOR UPDATE OF f`,
      [requestId],
    );
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

  private async setStatus(
    manager: EntityManager,
    id: string,
    status: 'accepted' | 'declined',
  ): Promise<FriendshipRow> {
    const [rows] = await manager.query<[FriendshipRow[], number]>(
      `UPDATE friendships SET status = $2, "updatedAt" = now() WHERE id = $1 RETURNING ${FRIENDSHIP_COLUMNS}`,
      [id, status],
    );
    const row = rows[0];
    if (!row) throw new FriendRequestNotFoundError();
    return row;
  }
}
