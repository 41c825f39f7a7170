import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user.js';
import { LINK_CODE_SHAPE, newLinkCode } from '../../../common/random-code.js';
import { inTransaction } from '../../../database/in-transaction.js';
import { InviteNotFoundError, InviteRevokedError, SelfInviteError } from '../friends.errors.js';
import { FriendsService } from '../friends.service.js';
import { displayNameOf } from '../../users/index.js';
import { ACTIVE_PERSON } from '../person-rows.js';
import type { InviteAcceptedDto, InviteDto, InviteLinkDto, InviterDto } from './invite.dto.js';

interface CodeRow {
  code: string;
  createdAt: Date;
}

interface InviteRow {
  userId: string;
  revokedAt: Date | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
}

function linkOf(row: CodeRow): InviteLinkDto {
  return { code: row.code, createdAt: row.createdAt.toISOString() };
}

/**
 * The inviter as the link shows them. Sending the link is sharing who you are with whoever opens it, so the
 * name shows whatever the profile's visibility; nothing else of the profile does.
 */
function inviterOf(row: InviteRow): InviterDto {
  return { id: row.userId, username: row.username, displayName: displayNameOf(row) };
}

/**
 * Personal invite links (docs/product.md, "Invite links"): one active code per person, made on first use,
 * replaceable (the old code then answers "revoked"); opening someone's link signed in makes you friends.
 */
@Injectable()
export class InvitesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly friends: FriendsService,
  ) {}

  /** The viewer's active code, made now if they have none (two racing first calls get the same code). */
  async mine(viewer: AuthUser): Promise<InviteLinkDto> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [created] = await this.dataSource.query<CodeRow[]>(
        `INSERT INTO invite_codes ("userId", code) VALUES ($1, $2)
         ON CONFLICT ("userId") WHERE "revokedAt" IS NULL DO NOTHING
         RETURNING code, "createdAt"`,
        [viewer.id, newLinkCode()],
      );
      if (created) return linkOf(created);
      const [active] = await this.dataSource.query<CodeRow[]>(
        `SELECT code, "createdAt" FROM invite_codes WHERE "userId" = $1 AND "revokedAt" IS NULL`,
        [viewer.id],
      );
      // Replaced between the insert and the select: try again.
      if (active) return linkOf(active);
    }
    throw new Error('Could not read or make an invite code');
  }

  /** Revokes the active code and makes a new one, in one transaction: the old link stops working at once. */
  async replace(viewer: AuthUser): Promise<InviteLinkDto> {
    return inTransaction(this.dataSource, async (manager) => {
      await this.revokeActive(manager, viewer.id);
      const [created] = await manager.query<CodeRow[]>(
        `INSERT INTO invite_codes ("userId", code) VALUES ($1, $2) RETURNING code, "createdAt"`,
        [viewer.id, newLinkCode()],
      );
      if (!created) throw new Error('invite code insert returned nothing');
      return linkOf(created);
    });
  }

  /** Revokes the active code (if any); the next call to `mine` makes a new one. */
  async revoke(viewer: AuthUser): Promise<void> {
    await inTransaction(this.dataSource, (manager) => this.revokeActive(manager, viewer.id));
  }

  /** Who a code is from, for the /invite page (also signed out). Unknown and revoked codes are errors. */
  async lookup(code: string): Promise<InviteDto> {
    const row = await this.find(code);
    return { code, inviter: inviterOf(row) };
  }

  /** Opening a link signed in and tapping "Add": the viewer and the inviter become friends. */
  async accept(viewer: AuthUser, code: string): Promise<InviteAcceptedDto> {
    const row = await this.find(code);
    if (row.userId === viewer.id) throw new SelfInviteError();
    const { alreadyFriends } = await this.friends.befriendThroughInvite(viewer, row.userId);
    return { inviter: inviterOf(row), alreadyFriends, friendshipStatus: 'friends' };
  }

  private async find(code: string): Promise<InviteRow> {
    if (!LINK_CODE_SHAPE.test(code)) throw new InviteNotFoundError();
    const [row] = await this.dataSource.query<InviteRow[]>(
      `SELECT ic."userId", ic."revokedAt", u.username, u."firstName", u."lastName"
         FROM invite_codes ic JOIN users u ON u.id = ic."userId"
        WHERE ic.code = $1 AND ${ACTIVE_PERSON}`,
      [code],
    );
    // A deleted or banned inviter's link is as good as unknown: nobody is there to befriend.
    if (!row) throw new InviteNotFoundError();
    if (row.revokedAt) throw new InviteRevokedError();
    return row;
  }

  /**
   * Two replacements at once would both revoke the same row and then both insert: the per-person advisory
   * lock makes the second wait and revoke the first one's new code instead.
   */
  private async revokeActive(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('invite_codes:' || $1, 0))`, [userId]);
    await manager.query(
      `UPDATE invite_codes SET "revokedAt" = now() WHERE "userId" = $1 AND "revokedAt" IS NULL`,
      [userId],
    );
  }
}
