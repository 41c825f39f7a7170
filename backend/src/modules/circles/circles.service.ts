import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { LINK_CODE_SHAPE, newLinkCode } from '../../common/random-code.js';
import { AppConfig } from '../../config/app-config.js';
import { Transactor, type Tx } from '../../database/transactor.js';
import { RelationsService } from '../friends/index.js';
import { normalisePicture, PICTURE_CONTENT_TYPE_MESSAGE } from '../pictures/index.js';
import { UnsupportedMediaTypeError } from '../../common/errors/domain-error.js';
import { NotificationsService } from '../notifications/index.js';
import { CirclePeople } from './circle-people.js';
import { CircleSeasons, seasonDto, seasonEnd, standingDtos } from './circle-seasons.service.js';
import {
  AlreadyMemberError,
  CircleFullError,
  CircleInviteLinkNotFoundError,
  CircleNotFoundError,
  CircleRuleError,
  InvitationNotFoundError,
  NotCircleOwnerError,
} from './circles.errors.js';
import { CirclesRepository, type CircleRow, type MemberRow } from './circles.repository.js';
import type {
  CircleDto,
  CircleInvitationDto,
  CircleLinkDto,
  CircleSummaryDto,
  InvitationsSentDto,
  LeaderboardDto,
  TrophyDto,
  UpdateCircleDto,
} from './dto/circle.dto.js';

/** How long ahead a custom season's end may be set. */
const MAX_CUSTOM_SEASON_MS = 366 * 86_400_000;

/** Who is asking about a circle: a member (with their role), or an admin who is not one. */
export interface CircleAccess {
  circle: CircleRow;
  member: MemberRow | null;
}

export function pictureUrlOf(circle: Pick<CircleRow, 'id' | 'pictureVersion'>): string | null {
  return circle.pictureVersion === null
    ? null
    : `/api/circles/${circle.id}/picture?v=${circle.pictureVersion}`;
}

const isOwner = (member: MemberRow | null) => member?.role === 'owner';
const mayManage = (member: MemberRow | null) => member?.role === 'owner' || member?.role === 'co_owner';

/**
 * Circles and their members (docs/product.md, "Circles"): making one, inviting friends, joining by
 * invitation or link, roles, leaving and removal. Only members (and admins, to moderate) see a circle;
 * anyone else is told it does not exist.
 */
@Injectable()
export class CirclesService {
  constructor(
    private readonly transactor: Transactor,
    private readonly repository: CirclesRepository,
    private readonly seasons: CircleSeasons,
    private readonly people: CirclePeople,
    private readonly relations: RelationsService,
    private readonly notifications: NotificationsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The circle if the viewer is a member or an admin; 404 for everyone else, whether it exists or not. */
  async access(tx: Tx, viewer: AuthUser, circleId: string, lock = false): Promise<CircleAccess> {
    const circle = lock
      ? await this.repository.lockCircle(tx, circleId)
      : await this.repository.circle(tx, circleId);
    if (!circle) throw new CircleNotFoundError();
    const member = await this.repository.membership(tx, circleId, viewer.id);
    if (!member && !viewer.isAdmin) throw new CircleNotFoundError();
    return { circle, member };
  }

  /** Like `access`, but only members: admins moderate, they do not take part. */
  async asMember(tx: Tx, viewer: Pick<AuthUser, 'id'>, circleId: string): Promise<MemberRow> {
    const member = await this.repository.membership(tx, circleId, viewer.id, true);
    if (!member) throw new CircleNotFoundError();
    return member;
  }

  async create(viewer: AuthUser, name: string): Promise<CircleDto> {
    const id = await this.transactor.run(async (tx) => {
      const circle = await this.repository.insertCircle(tx, name, newLinkCode());
      await this.repository.addMember(tx, circle.id, viewer.id, 'owner');
      await this.seasons.start(tx, circle.id, circle.seasonLength, 1, this.clock.now());
      return circle.id;
    });
    return this.get(viewer, id);
  }

  async list(viewer: AuthUser): Promise<CircleSummaryDto[]> {
    const rows = await this.repository.circlesOf(viewer.id);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      pictureUrl: pictureUrlOf(row),
      role: row.role,
      memberCount: row.memberCount,
    }));
  }

  async get(viewer: AuthUser, circleId: string): Promise<CircleDto> {
    const { access, members, season } = await this.transactor.run(async (tx) => {
      const found = await this.access(tx, viewer, circleId);
      return {
        access: found,
        members: await this.repository.members(tx, circleId),
        season: await this.repository.openSeason(tx, circleId),
      };
    });
    if (!season) throw new CircleNotFoundError();
    const view = await this.people.view(
      viewer,
      members.map((member) => member.userId),
    );
    return {
      id: access.circle.id,
      name: access.circle.name,
      pictureUrl: pictureUrlOf(access.circle),
      role: access.member?.role ?? null,
      memberCount: members.length,
      seasonLength: access.circle.seasonLength,
      season: seasonDto(season),
      members: members.map((member) => ({
        person: view.person(member.userId),
        role: member.role,
        joinedAt: member.joinedAt.toISOString(),
      })),
      inviteCode: access.member ? access.circle.inviteCode : null,
      createdAt: access.circle.createdAt.toISOString(),
    };
  }

  /** Renaming and the season's length: the owner and co-owners. A new length applies to the season now. */
  async update(viewer: AuthUser, circleId: string, input: UpdateCircleDto): Promise<CircleDto> {
    await this.transactor.run(async (tx) => {
      const { circle, member } = await this.access(tx, viewer, circleId, true);
      if (!mayManage(member)) throw new NotCircleOwnerError('and co-owners can change the circle');
      if (input.seasonLength === 'custom' && !input.seasonEndsAt) {
        throw new CircleRuleError('Choose when the season ends', 'season_end_required', 'seasonEndsAt');
      }
      if (input.seasonEndsAt && input.seasonLength !== 'custom') {
        throw new CircleRuleError(
          'A season end date goes with seasonLength custom',
          'season_end_unexpected',
          'seasonEndsAt',
        );
      }
      await this.repository.updateCircle(tx, circleId, {
        name: input.name,
        seasonLength: input.seasonLength,
      });
      if ((input.seasonLength && input.seasonLength !== circle.seasonLength) || input.seasonEndsAt) {
        const now = this.clock.now();
        const season = await this.seasons.current(tx, circleId);
        const endsAt = input.seasonEndsAt
          ? new Date(input.seasonEndsAt)
          : seasonEnd(input.seasonLength ?? circle.seasonLength, now);
        if (endsAt.getTime() <= now.getTime() || endsAt.getTime() - now.getTime() > MAX_CUSTOM_SEASON_MS) {
          throw new CircleRuleError(
            'The season must end in the future, within a year',
            'season_end_invalid',
            'seasonEndsAt',
          );
        }
        await this.repository.setSeasonEnd(tx, season.id, endsAt);
      }
    });
    return this.get(viewer, circleId);
  }

  async remove(viewer: AuthUser, circleId: string): Promise<void> {
    await this.transactor.run(async (tx) => {
      const { member } = await this.access(tx, viewer, circleId, true);
      if (!isOwner(member)) throw new NotCircleOwnerError('can delete it');
      const members = await this.repository.memberIds(tx, circleId);
      await this.repository.deleteCircle(tx, circleId);
      this.notifications.changed(tx, members, ['circles']);
    });
  }

  /** Any member may invite their own friends, while the circle has room. */
  async invite(viewer: AuthUser, circleId: string, userIds: string[]): Promise<InvitationsSentDto> {
    const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
    if (ids.includes(viewer.id))
      throw new CircleRuleError('You are in this circle already', 'invite_self', 'userIds');
    return this.transactor.run(async (tx) => {
      const { circle } = await this.access(tx, viewer, circleId, true);
      await this.asMember(tx, viewer, circleId);
      for (const id of ids) {
        if (!(await this.relations.areFriends(viewer.id, id, tx))) {
          throw new CircleRuleError(
            'You can invite only your friends to a circle',
            'invitee_not_friend',
            'userIds',
          );
        }
      }
      const [members, pending] = await Promise.all([
        this.repository.activeAmong(tx, circleId, ids),
        this.repository.pendingInvitees(tx, circleId, ids),
      ]);
      const fresh = ids.filter((id) => !members.has(id) && !pending.has(id));
      if ((await this.repository.memberCount(tx, circleId)) + fresh.length > this.config.CIRCLE_MAX_MEMBERS) {
        throw new CircleFullError(this.config.CIRCLE_MAX_MEMBERS);
      }
      await this.repository.insertInvitations(tx, circleId, viewer.id, fresh);
      await this.notifications.notify(
        tx,
        fresh.map((userId) => ({
          userId,
          type: 'circle_invitation' as const,
          actorId: viewer.id,
          render: (who: string) => ({
            title: `${who} invited you to a circle`,
            body: `Join “${circle.name}” to see its bets and its table. Accept or decline it on the Circles page.`,
          }),
        })),
      );
      this.notifications.changed(tx, fresh, ['circles']);
      return { invited: fresh, skipped: ids.filter((id) => !fresh.includes(id)) };
    });
  }

  async invitations(viewer: AuthUser): Promise<CircleInvitationDto[]> {
    const rows = await this.repository.invitationsOf(viewer.id);
    const view = await this.people.view(
      viewer,
      rows.map((row) => row.invitedBy),
    );
    return rows.map((row) => ({
      id: row.id,
      circleId: row.circleId,
      circleName: row.name,
      invitedBy: view.person(row.invitedBy),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async answerInvitation(
    viewer: AuthUser,
    invitationId: number,
    accept: boolean,
  ): Promise<CircleSummaryDto | null> {
    const circleId = await this.transactor.run(async (tx) => {
      const found = await this.repository.lockInvitation(tx, invitationId, viewer.id);
      if (!found) throw new InvitationNotFoundError();
      if (!accept) {
        await this.repository.closeInvitations(tx, found.circleId, viewer.id, 'declined');
        return null;
      }
      await this.join(tx, viewer, found.circleId);
      return found.circleId;
    });
    if (!circleId) return null;
    return (await this.list(viewer)).find((circle) => circle.id === circleId) ?? null;
  }

  /** What a circle's invite link shows before joining: its name and size. */
  async lookupLink(viewer: AuthUser, code: string): Promise<CircleLinkDto> {
    return this.transactor.run(async (tx) => {
      const circle = await this.byCode(tx, code);
      return {
        id: circle.id,
        name: circle.name,
        memberCount: await this.repository.memberCount(tx, circle.id),
        member: (await this.repository.membership(tx, circle.id, viewer.id)) !== null,
      };
    });
  }

  /** Joining through the invite link: the code is the members' consent, as a friend invite link is. */
  async joinByLink(viewer: AuthUser, circleId: string, code: string): Promise<CircleSummaryDto> {
    await this.transactor.run(async (tx) => {
      const circle = await this.byCode(tx, code);
      if (circle.id !== circleId) throw new CircleInviteLinkNotFoundError();
      await this.join(tx, viewer, circleId);
    });
    const joined = (await this.list(viewer)).find((circle) => circle.id === circleId);
    if (!joined) throw new CircleNotFoundError();
    return joined;
  }

  async replaceLink(viewer: AuthUser, circleId: string): Promise<CircleDto> {
    await this.transactor.run(async (tx) => {
      const { member } = await this.access(tx, viewer, circleId, true);
      if (!mayManage(member)) throw new NotCircleOwnerError('and co-owners can replace its link');
      await this.repository.updateCircle(tx, circleId, { inviteCode: newLinkCode() });
    });
    return this.get(viewer, circleId);
  }

  /**
   * Leaving keeps one's bets (they stay in the feed) but takes one off the table. An owner who leaves
   * hands the circle to the longest-standing co-owner, else member; the last one out deletes it.
   */
  async leave(viewer: AuthUser, circleId: string): Promise<void> {
    await this.transactor.run(async (tx) => {
      const { member } = await this.access(tx, viewer, circleId, true);
      if (!member) throw new CircleNotFoundError();
      await this.repository.endMembership(tx, circleId, viewer.id, 'left');
      const rest = await this.repository.members(tx, circleId);
      if (rest.length === 0) {
        await this.repository.deleteCircle(tx, circleId);
      } else if (member.role === 'owner') {
        const heir = rest.find((other) => other.role === 'co_owner') ?? rest[0];
        if (heir) await this.repository.setRole(tx, circleId, heir.userId, 'owner');
      }
      this.notifications.changed(tx, [viewer.id, ...rest.map((other) => other.userId)], ['circles']);
    });
  }

  /** The owner removes anyone; co-owners remove plain members. The removed person loses access at once. */
  async removeMember(viewer: AuthUser, circleId: string, userId: string): Promise<void> {
    await this.transactor.run(async (tx) => {
      const { member } = await this.access(tx, viewer, circleId, true);
      if (userId === viewer.id) throw new CircleRuleError('To leave the circle, use leave', 'remove_self');
      const target = await this.repository.membership(tx, circleId, userId);
      if (!target) throw new CircleRuleError('This person is not in the circle', 'not_a_member');
      const allowed = isOwner(member) || (member?.role === 'co_owner' && target.role === 'member');
      if (!allowed) throw new NotCircleOwnerError('can remove co-owners; co-owners can remove members');
      await this.repository.endMembership(tx, circleId, userId, 'removed');
      const rest = await this.repository.memberIds(tx, circleId);
      this.notifications.changed(tx, [userId, ...rest], ['circles']);
    });
  }

  async setRole(
    viewer: AuthUser,
    circleId: string,
    userId: string,
    role: 'co_owner' | 'member',
  ): Promise<CircleDto> {
    await this.transactor.run(async (tx) => {
      const { member } = await this.access(tx, viewer, circleId, true);
      if (!isOwner(member)) throw new NotCircleOwnerError('can make co-owners');
      if (userId === viewer.id) throw new CircleRuleError('You own this circle', 'owner_role');
      const target = await this.repository.membership(tx, circleId, userId);
      if (!target) throw new CircleRuleError('This person is not in the circle', 'not_a_member');
      await this.repository.setRole(tx, circleId, userId, role);
    });
    return this.get(viewer, circleId);
  }

  async leaderboard(viewer: AuthUser, circleId: string, number?: number): Promise<LeaderboardDto> {
    const { season, standings, seasons } = await this.transactor.run(async (tx) => {
      await this.access(tx, viewer, circleId);
      const chosen =
        number === undefined
          ? await this.repository.openSeason(tx, circleId)
          : await this.repository.season(tx, circleId, number);
      if (!chosen) throw new CircleRuleError('This circle has no such season', 'season_not_found', 'season');
      return {
        season: chosen,
        standings: await this.repository.standings(tx, circleId, chosen.id),
        seasons: await this.repository.seasons(tx, circleId),
      };
    });
    const view = await this.people.view(
      viewer,
      standings.map((row) => row.userId),
    );
    return {
      season: seasonDto(season),
      standings: standingDtos(standings, view),
      seasons: seasons.map(seasonDto),
    };
  }

  /** A person's trophies; the circle is named only to its members (and admins). */
  async trophies(viewer: AuthUser, userId: string): Promise<TrophyDto[]> {
    const rows = await this.repository.trophiesOf(userId);
    const mine = new Set((await this.repository.circlesOf(viewer.id)).map((circle) => circle.id));
    return rows.map((row) => {
      const shown = viewer.isAdmin || mine.has(row.circleId);
      return {
        circleId: shown ? row.circleId : null,
        circleName: shown ? row.name : null,
        seasonNumber: row.seasonNumber,
        awardedAt: row.awardedAt.toISOString(),
      };
    });
  }

  /** `bytes`: the raw upload (anything but image bytes is 415), or null to remove the picture. */
  async setPicture(viewer: AuthUser, circleId: string, bytes: unknown): Promise<CircleDto> {
    const allowed = async (tx: Tx) => {
      const { member } = await this.access(tx, viewer, circleId, true);
      if (!mayManage(member)) throw new NotCircleOwnerError('and co-owners can change its picture');
    };
    // Asked first, so that someone outside the circle learns nothing from how their upload is judged.
    await this.transactor.run(allowed);
    if (bytes !== null && !Buffer.isBuffer(bytes))
      throw new UnsupportedMediaTypeError(PICTURE_CONTENT_TYPE_MESSAGE);
    const picture = bytes === null ? null : await normalisePicture(bytes);
    await this.transactor.run(async (tx) => {
      await allowed(tx);
      await this.repository.setPicture(
        tx,
        circleId,
        picture && { image: picture.image, version: picture.version },
      );
    });
    return this.get(viewer, circleId);
  }

  async picture(
    viewer: AuthUser,
    circleId: string,
  ): Promise<{ image: Buffer; version: string; contentType: string }> {
    await this.transactor.run((tx) => this.access(tx, viewer, circleId));
    const picture = await this.repository.picture(circleId);
    if (!picture) throw new CircleNotFoundError();
    return { ...picture, contentType: 'image/webp' };
  }

  /** Adds the viewer under the circle's lock, so the member cap holds however many join at once. */
  private async join(tx: Tx, viewer: AuthUser, circleId: string): Promise<void> {
    const circle = await this.repository.lockCircle(tx, circleId);
    if (!circle) throw new CircleNotFoundError();
    if (await this.repository.membership(tx, circleId, viewer.id)) throw new AlreadyMemberError();
    if ((await this.repository.memberCount(tx, circleId)) >= this.config.CIRCLE_MAX_MEMBERS) {
      throw new CircleFullError(this.config.CIRCLE_MAX_MEMBERS);
    }
    await this.repository.addMember(tx, circleId, viewer.id, 'member');
    await this.repository.closeInvitations(tx, circleId, viewer.id, 'accepted');
    this.notifications.changed(tx, await this.repository.memberIds(tx, circleId), ['circles']);
  }

  private async byCode(tx: Tx, code: string): Promise<CircleRow> {
    if (!LINK_CODE_SHAPE.test(code)) throw new CircleInviteLinkNotFoundError();
    const circle = await this.repository.circleByCode(tx, code);
    if (!circle) throw new CircleInviteLinkNotFoundError();
    return circle;
  }
}
