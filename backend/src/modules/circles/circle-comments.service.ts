import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { ConflictError } from '../../common/errors/domain-error.js';
import { Transactor, type Tx } from '../../database/transactor.js';
import { AuditTrail } from '../audit/index.js';
import { NotificationsService } from '../notifications/index.js';
import { REACTIONS, reactionViews } from './circle-feed.service.js';
import { CirclePeople } from './circle-people.js';
import { CircleRuleError, CommentNotFoundError, FeedItemNotFoundError } from './circles.errors.js';
import {
  CirclesRepository,
  type CommentRow,
  type FeedItemRow,
  type MemberRow,
} from './circles.repository.js';
import type { CommentDto, CommentPageDto, ReactionsDto } from './dto/circle.dto.js';

const DEFAULT_PAGE = 20;

/** A comment quoted in a notification: its first line, cut at 120 characters. */
function excerpt(body: string): string {
  const line = body.split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/**
 * Comments and reactions on a circle's feed items (docs/product.md, "Circles"): members write, react, edit
 * and delete their own; admins read and hide a comment with a reason (audit log, and the author is told).
 * Comments are plain text, stored and returned as typed; the app shows them as text.
 */
@Injectable()
export class CircleComments {
  constructor(
    private readonly transactor: Transactor,
    private readonly repository: CirclesRepository,
    private readonly people: CirclePeople,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async list(
    viewer: AuthUser,
    itemId: number,
    before?: number,
    limit = DEFAULT_PAGE,
  ): Promise<CommentPageDto> {
    await this.transactor.run((tx) => this.item(tx, viewer, itemId, false));
    const rows = await this.repository.comments(itemId, before ?? null, limit + 1);
    const page = rows.slice(0, limit);
    return {
      items: await this.describe(viewer, page),
      nextBefore: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  /** A member comments; the bet's players (but the author) are notified, members' open apps told. */
  async create(viewer: AuthUser, itemId: number, body: string): Promise<CommentDto> {
    const comment = await this.transactor.run(async (tx) => {
      const { item } = await this.item(tx, viewer, itemId, true);
      const created = await this.repository.insertComment(tx, itemId, viewer.id, body);
      const bet = item.betId === null ? null : await this.repository.circleBet(tx, item.betId);
      if (bet) {
        await this.notifications.notify(
          tx,
          bet.players
            .filter((player) => player.userId !== viewer.id)
            .map((player) => ({
              userId: player.userId,
              type: 'circle_comment' as const,
              betId: bet.betId,
              actorId: viewer.id,
              render: (who: string) => ({
                title: `${who} commented on “${bet.title}”`,
                body: excerpt(body),
              }),
            })),
        );
      }
      await this.tell(tx, item, 'comment');
      return created;
    });
    const [dto] = await this.describe(viewer, [comment]);
    if (!dto) throw new Error('comment not described');
    return dto;
  }

  async edit(viewer: AuthUser, commentId: number, body: string): Promise<CommentDto> {
    const comment = await this.transactor.run(async (tx) => {
      const { comment: found, item } = await this.own(tx, viewer, commentId);
      if (found.hiddenAt)
        throw new ConflictError('An admin hid this comment: it can no longer be edited', 'comment_hidden');
      const edited = await this.repository.editComment(tx, commentId, body, this.clock.now());
      await this.tell(tx, item, 'comment');
      return edited;
    });
    const [dto] = await this.describe(viewer, [comment]);
    if (!dto) throw new Error('comment not described');
    return dto;
  }

  async remove(viewer: AuthUser, commentId: number): Promise<void> {
    await this.transactor.run(async (tx) => {
      const { item } = await this.own(tx, viewer, commentId);
      await this.repository.deleteComment(tx, commentId);
      await this.tell(tx, item, 'comment');
    });
  }

  /** An admin hides a comment with a reason: recorded in the audit log, and its author is told why. */
  async hide(admin: AuthUser, commentId: number, reason: string): Promise<CommentDto> {
    const comment = await this.transactor.run(async (tx) => {
      const found = await this.repository.lockComment(tx, commentId);
      if (!found) throw new CommentNotFoundError();
      if (found.hiddenAt) throw new ConflictError('This comment is hidden already', 'comment_already_hidden');
      const item = await this.repository.feedItem(tx, found.itemId);
      if (!item) throw new CommentNotFoundError();
      const now = this.clock.now();
      await this.repository.hideComment(tx, commentId, reason, now);
      await this.audit.record(tx, {
        adminId: admin.id,
        action: 'circle_comment_hidden',
        targetType: 'circle_comment',
        targetId: String(commentId),
        reason,
        previousValue: { body: found.body },
        metadata: { circleId: item.circleId, itemId: item.id, authorId: found.authorId },
      });
      await this.notifications.notify(tx, [
        {
          userId: found.authorId,
          type: 'comment_hidden',
          render: () => ({
            title: 'An admin hid your comment',
            body: `“${excerpt(found.body)}” no longer shows in the circle. Reason: ${reason}`,
          }),
        },
      ]);
      await this.tell(tx, item, 'comment');
      return { ...found, hiddenAt: now, hiddenReason: reason };
    });
    const [dto] = await this.describe(admin, [comment]);
    if (!dto) throw new Error('comment not described');
    return dto;
  }

  /** Turns the viewer's reaction on (`on`) or off; doing it twice changes nothing the second time. */
  async react(viewer: AuthUser, itemId: number, emoji: string, on: boolean): Promise<ReactionsDto> {
    if (!(REACTIONS as readonly string[]).includes(emoji)) {
      throw new CircleRuleError(`React with one of ${REACTIONS.join(' ')}`, 'unknown_reaction');
    }
    const reactions = await this.transactor.run(async (tx) => {
      const { item } = await this.item(tx, viewer, itemId, true);
      const changed = on
        ? await this.repository.addReaction(tx, itemId, viewer.id, emoji)
        : await this.repository.removeReaction(tx, itemId, viewer.id, emoji);
      if (changed) await this.tell(tx, item, 'reaction');
      return this.repository.reactions(tx, [itemId]);
    });
    const view = await this.people.view(
      viewer,
      reactions.map((reaction) => reaction.userId),
    );
    return { reactions: reactionViews(viewer, reactions, view) };
  }

  /**
   * The feed item if the viewer may see it: members of its circle, and admins to read (`participate`
   * false). Everyone else, a former member too, is told it does not exist.
   */
  private async item(
    tx: Tx,
    viewer: AuthUser,
    itemId: number,
    participate: boolean,
  ): Promise<{ item: FeedItemRow; member: MemberRow | null }> {
    const item = await this.repository.feedItem(tx, itemId);
    if (!item) throw new FeedItemNotFoundError();
    const member = await this.repository.membership(tx, item.circleId, viewer.id, participate);
    if (!member && (participate || !viewer.isAdmin)) throw new FeedItemNotFoundError();
    return { item, member };
  }

  /** The viewer's own comment, in a circle they are still in; anyone else's is not found. */
  private async own(
    tx: Tx,
    viewer: AuthUser,
    commentId: number,
  ): Promise<{ comment: CommentRow; item: FeedItemRow }> {
    const comment = await this.repository.lockComment(tx, commentId);
    if (!comment || comment.authorId !== viewer.id) throw new CommentNotFoundError();
    const item = await this.repository.feedItem(tx, comment.itemId);
    if (!item || !(await this.repository.membership(tx, item.circleId, viewer.id, true))) {
      throw new CommentNotFoundError();
    }
    return { comment, item };
  }

  private async tell(tx: Tx, item: FeedItemRow, change: 'comment' | 'reaction'): Promise<void> {
    const members = await this.repository.memberIds(tx, item.circleId);
    this.notifications.circleChanged(tx, members, { circleId: item.circleId, itemId: item.id, change });
  }

  private async describe(viewer: AuthUser, rows: CommentRow[]): Promise<CommentDto[]> {
    const view = await this.people.view(
      viewer,
      rows.map((row) => row.authorId),
    );
    return rows.map((row) => {
      const hidden = row.hiddenAt !== null;
      const mine = row.authorId === viewer.id;
      return {
        id: row.id,
        itemId: row.itemId,
        author: view.person(row.authorId),
        body: hidden && !viewer.isAdmin ? null : row.body,
        hidden,
        hiddenReason: hidden && (mine || viewer.isAdmin) ? row.hiddenReason : null,
        createdAt: new Date(row.createdAt).toISOString(),
        editedAt: row.editedAt ? new Date(row.editedAt).toISOString() : null,
        mine,
      };
    });
  }
}
