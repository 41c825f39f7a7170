import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { NotFoundError } from '../../common/errors/domain-error.js';
import { Transactor, type TxOrManager } from '../../database/transactor.js';
import { NotificationsService } from '../notifications/index.js';
import type { CircleBetUpdate } from './circle-bet-update.js';
import { CirclePeople, type PeopleView } from './circle-people.js';
import { CircleSeasons, standingDtos } from './circle-seasons.service.js';
import { CircleRuleError } from './circles.errors.js';
import {
  CirclesRepository,
  type CircleBetRow,
  type FeedItemRow,
  type FeedKind,
  type PlayerState,
  type StandingRow,
} from './circles.repository.js';
import { CirclesService } from './circles.service.js';
import type { FeedItemDto, FeedPageDto, ReactionDto } from './dto/circle.dto.js';

/** The reactions there are, in the order they show. */
export const REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🔥', '🎉', '💸'] as const;

const DEFAULT_PAGE = 20;

/** Which bet events become a feed post; the others only change the bet's state shown on its posts. */
const POSTED: Partial<Record<string, FeedKind>> = {
  create: 'challenged',
  accept: 'accepted',
  settle: 'settled',
  admin_resolve: 'decided',
  admin_reresolve: 'decided',
};

/** A group pot's: besides those, its lock and its calling off (void at the lock, or its creator's cancel). */
const POT_POSTED: Partial<Record<string, FeedKind>> = {
  ...POSTED,
  lock: 'locked',
  void: 'void',
  cancel: 'void',
};

export class NotInCircleError extends NotFoundError {
  constructor() {
    super('You can post a bet only in a circle you are in', 'circle_not_found');
  }
}

interface SeasonEndData {
  seasonNumber: number;
  winnerId: string | null;
  table: StandingRow[];
}

/**
 * A circle's feed (docs/product.md, "Circles"): the bets its members posted there and what happened to
 * them. Bets tells it about each change in the change's own transaction (`postBet`, `betChanged`); the feed
 * keeps its own copy of the bet and feeds decided results to the leaderboard (CircleSeasons).
 */
@Injectable()
export class CircleFeed {
  constructor(
    private readonly transactor: Transactor,
    private readonly repository: CirclesRepository,
    private readonly circles: CirclesService,
    private readonly seasons: CircleSeasons,
    private readonly people: CirclePeople,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  /**
   * A new bet posted in a circle: its creator must be a member (else 404, as for any circle one is not
   * in), and a chosen opponent too.
   */
  async postBet(tx: TxOrManager, circleId: string, creatorId: string, bet: CircleBetUpdate): Promise<void> {
    if (!(await this.repository.membership(tx, circleId, creatorId, true))) throw new NotInCircleError();
    const others = bet.players.map((player) => player.userId).filter((id) => id !== creatorId);
    if (others.length > 0 && (await this.repository.activeAmong(tx, circleId, others)).size < others.length) {
      throw bet.kind === 'pot'
        ? new CircleRuleError(
            'Everyone you invite to a pot posted in this circle must be in the circle',
            'opponent_not_in_circle',
            'circleId',
          )
        : new CircleRuleError('Your opponent is not in this circle', 'opponent_not_in_circle', 'circleId');
    }
    const row: CircleBetRow = {
      betId: bet.betId,
      circleId,
      title: bet.title,
      amount: bet.amount,
      status: bet.status,
      players: playersOf(bet, []),
    };
    await this.repository.insertCircleBet(tx, row);
    await this.post(tx, circleId, 'challenged', bet.betId);
  }

  /** A change to a bet posted in a circle (BetTransitions asks only for those: bets.postedInCircle). */
  async betChanged(tx: TxOrManager, bet: CircleBetUpdate): Promise<void> {
    const row = await this.repository.lockCircleBet(tx, bet.betId);
    if (!row) return;
    const decided = (bet.results ?? []).map((result) => ({
      betId: bet.betId,
      userId: result.userId,
      result: result.result,
      net: result.net,
      // An admin's decision against a player is a dispute they lost.
      lostDispute: bet.action.startsWith('admin_') && result.result === 'lost',
      decidedAt: bet.decidedAt ?? this.clock.now(),
    }));
    if (bet.action === 'settle' || bet.action === 'admin_resolve') {
      await this.seasons.apply(tx, row.circleId, decided);
    } else if (bet.action === 'admin_reresolve') {
      await this.seasons.reapply(tx, bet.betId, decided);
    } else if (bet.action === 'deadline') {
      const late = bet.players.filter((player) => !player.reported).map((player) => player.userId);
      await this.seasons.lateReports(tx, row.circleId, late);
    }
    await this.repository.updateCircleBet(tx, {
      ...row,
      title: bet.title,
      status: bet.status,
      players: playersOf(bet, row.players),
    });
    const kind = (bet.kind === 'pot' ? POT_POSTED : POSTED)[bet.action];
    if (kind) {
      await this.post(tx, row.circleId, kind, bet.betId);
    } else {
      const itemId = await this.repository.latestItemOf(tx, bet.betId);
      const members = await this.repository.memberIds(tx, row.circleId);
      if (itemId !== null)
        this.notifications.circleChanged(tx, members, { circleId: row.circleId, itemId, change: 'item' });
    }
  }

  /** A page of the feed, newest first (members and admins). */
  async page(
    viewer: AuthUser,
    circleId: string,
    before?: number,
    limit = DEFAULT_PAGE,
  ): Promise<FeedPageDto> {
    await this.transactor.run((tx) => this.circles.access(tx, viewer, circleId));
    const rows = await this.repository.feedPage(circleId, before ?? null, limit + 1);
    const page = rows.slice(0, limit);
    return {
      items: await this.describe(viewer, page),
      nextBefore: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  /** Feed items as the viewer sees them, with comment counts and reactions, in a fixed number of queries. */
  async describe(
    viewer: AuthUser,
    rows: (FeedItemRow & { bet: CircleBetRow | null })[],
  ): Promise<FeedItemDto[]> {
    const ids = rows.map((row) => row.id);
    const [counts, reactions] = await Promise.all([
      this.repository.commentCounts(ids),
      this.repository.reactions(null, ids),
    ]);
    const people: string[] = reactions.map((reaction) => reaction.userId);
    for (const row of rows) {
      for (const player of row.bet?.players ?? []) people.push(player.userId);
      const season = row.kind === 'season_ended' ? (row.data as SeasonEndData) : null;
      for (const standing of season?.table ?? []) people.push(standing.userId);
    }
    const view = await this.people.view(viewer, people);
    return rows.map((row) => {
      const season = row.kind === 'season_ended' ? (row.data as SeasonEndData) : null;
      return {
        id: row.id,
        kind: row.kind,
        createdAt: new Date(row.createdAt).toISOString(),
        bet: row.bet ? betView(row.bet, view) : null,
        season: season
          ? {
              number: season.seasonNumber,
              winner: season.winnerId ? view.person(season.winnerId) : null,
              standings: standingDtos(season.table, view),
            }
          : null,
        commentCount: counts.get(row.id) ?? 0,
        reactions: reactionViews(
          viewer,
          reactions.filter((reaction) => reaction.itemId === row.id),
          view,
        ),
      };
    });
  }

  private async post(tx: TxOrManager, circleId: string, kind: FeedKind, betId: number): Promise<void> {
    const itemId = await this.repository.insertFeedItem(tx, circleId, kind, betId, null, this.clock.now());
    const members = await this.repository.memberIds(tx, circleId);
    this.notifications.circleChanged(tx, members, { circleId, itemId, change: 'item' });
  }
}

/** The players as the bet has them now, keeping results already known. */
function playersOf(bet: CircleBetUpdate, before: PlayerState[]): PlayerState[] {
  return bet.players.map((player) => {
    const result = bet.results?.find((entry) => entry.userId === player.userId);
    const known = before.find((entry) => entry.userId === player.userId);
    return {
      userId: player.userId,
      reported: player.reported,
      result: result?.result ?? (bet.results ? null : (known?.result ?? null)),
      net: result?.net ?? (bet.results ? null : (known?.net ?? null)),
    };
  });
}

/** The stake shows only when every player's money may be seen; each player's gain as their privacy says. */
function betView(bet: CircleBetRow, view: PeopleView): FeedItemDto['bet'] {
  const allVisible = bet.players.every((player) => view.moneyVisible(player.userId));
  return {
    id: bet.betId,
    title: bet.title,
    status: bet.status,
    amount: allVisible ? new Decimal(bet.amount).toFixed(2) : null,
    players: bet.players.map((player) => ({
      person: view.person(player.userId),
      result: player.result,
      net:
        player.net !== null && view.moneyVisible(player.userId) ? new Decimal(player.net).toFixed(2) : null,
    })),
  };
}

export function reactionViews(
  viewer: AuthUser,
  reactions: { emoji: string; userId: string }[],
  view: PeopleView,
): ReactionDto[] {
  return REACTIONS.flatMap((emoji) => {
    const by = reactions.filter((reaction) => reaction.emoji === emoji).map((reaction) => reaction.userId);
    if (by.length === 0) return [];
    return [{ emoji, count: by.length, mine: by.includes(viewer.id), by: by.map((id) => view.person(id)) }];
  });
}
