import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../../common/auth/auth-user.js';
import { LINK_CODE_SHAPE, newLinkCode } from '../../../common/random-code.js';
import { Transactor } from '../../../database/transactor.js';
import { InviteNotFoundError, InviteRevokedError, SelfInviteError } from '../friends.errors.js';
import { FriendsService } from '../friends.service.js';
import { displayNameOf } from '../../users/index.js';
import { type CodeRow, type InviteRow, InvitesRepository } from './invites.repository.js';
import type { InviteAcceptedDto, InviteDto, InviteLinkDto, InviterDto } from './invite.dto.js';

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
    private readonly transactor: Transactor,
    private readonly invites: InvitesRepository,
    private readonly friends: FriendsService,
  ) {}

  /** The viewer's active code, made now if they have none (two racing first calls get the same code). */
  async mine(viewer: AuthUser): Promise<InviteLinkDto> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const found = await this.transactor.read(async (tx) => {
        const created = await this.invites.insertIfNone(tx, viewer.id, newLinkCode());
        return created ?? (await this.invites.active(tx, viewer.id));
      });
      // Replaced between the insert and the select: try again.
      if (found) return linkOf(found);
    }
    throw new Error('Could not read or make an invite code');
  }

  /** Revokes the active code and makes a new one, in one transaction: the old link stops working at once. */
  async replace(viewer: AuthUser): Promise<InviteLinkDto> {
    return this.transactor.run(async (tx) => {
      await this.invites.revokeActive(tx, viewer.id);
      const created = await this.invites.insert(tx, viewer.id, newLinkCode());
      if (!created) throw new Error('invite code insert returned nothing');
      return linkOf(created);
    });
  }

  /** Revokes the active code (if any); the next call to `mine` makes a new one. */
  async revoke(viewer: AuthUser): Promise<void> {
    await this.transactor.run((tx) => this.invites.revokeActive(tx, viewer.id));
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
    const row = await this.transactor.read((tx) => this.invites.find(tx, code));
    // A deleted or banned inviter's link is as good as unknown: nobody is there to befriend.
    if (!row) throw new InviteNotFoundError();
    if (row.revokedAt) throw new InviteRevokedError();
    return row;
  }
}
