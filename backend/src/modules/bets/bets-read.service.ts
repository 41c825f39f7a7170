import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { cursorTime, decodeCursor, encodeCursor, pageOf } from '../../common/http/cursor.js';
import { ReadPool } from '../../database/read-pool.js';
import { LINK_CODE_SHAPE } from '../../common/random-code.js';
import {
  challengerName,
  type SummarisableUser,
  summarise,
  type User,
  type ViewerRelation,
} from '../users/index.js';
import { RelationsService } from '../friends/index.js';
import { Bet, type BetStatus } from './bet.entity.js';
import { challengeState } from './bet-lifecycle.js';
import { BetNotFoundError, ChallengeNotFoundError } from './bets.errors.js';
import type {
  BetDto,
  BetOfferDto,
  BetParticipantDto,
  BetPartyDto,
  ExpiringBetDto,
} from './dto/bet-view.dto.js';

const iso = (at: Date | null | undefined): string | null => (at ? new Date(at).toISOString() : null);
import type { ChallengeDto } from './dto/challenge.dto.js';

export const BET_LISTS = {
  active: ['active', 'disputed'],
  pending: ['pending'],
  completed: ['completed', 'declined', 'cancelled', 'expired'],
  all: ['pending', 'active', 'completed', 'disputed', 'declined', 'cancelled', 'expired'],
} satisfies Record<string, BetStatus[]>;

export type BetList = keyof typeof BET_LISTS;

/** The bet columns a BetDto needs, and its three people as JSON objects of the fields a summary needs. */
const PERSON = `id, username, "firstName", "lastName", "profileImageUrl", "privacySettings", email`;
const BET_COLUMNS = `b.id, b.title, b.description, b.amount, b.outcomes, b."creatorId", b."opponentId", b.status,
  b.duration, b."creatorPick", b."opponentPick", b."creatorResult", b."opponentResult", b."finalResult",
  b."resolutionType", b."winnerUserId", b."resolutionDate", b."expiresAt", b."createdAt", b."challengeCode", b.kind,
  b."joinBy", b."refereeId", b."refereeAcceptedAt", b."callResult", b."callNote", b."calledAt", b."appealUntil",
  b."opponentAmount", b."offerBy", b."offerPick", b."offerRounds",
  row_to_json(c) AS creator, row_to_json(o) AS opponent, row_to_json(w) AS winner, row_to_json(r) AS referee`;
const PEOPLE_JOINS = `
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM users WHERE id = b."creatorId") c ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM users WHERE id = b."opponentId") o ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM users WHERE id = b."winnerUserId") w ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM users WHERE id = b."refereeId") r ON true`;

type PartyRow = SummarisableUser & { email?: string | null };

/**
 * The viewer's duels among statuses $2 (with the optional cursor $3 and opponent $4): the filter of a list page.
 * A pot is found through its seats instead (below).
 */
const VIEWERS_DUELS = `("creatorId" = $1 OR "opponentId" = $1)
  AND status = ANY($2)
  AND ($3::int IS NULL OR id < $3)
  AND ($4::uuid IS NULL OR "creatorId" = $4 OR "opponentId" = $4)
  AND kind = 'duel' AND ($6::text IS NULL OR $6 = 'duel')`;
/**
 * The group pots the viewer has a seat at (started, joined or invited to), newest first, from their seats alone:
 * a seat carries its pot's status (migration PotSeatsMirrorThePot). A pot has no opponent, so the opponent
 * filter leaves them out. `open` names the open statuses in the SQL, so the planner can use the seats' partial
 * index of open pots whatever the parameters.
 */
const viewersPots = (open: boolean) => `SELECT s."betId" AS id FROM bet_participants s
  WHERE s."userId" = $1 AND s."potStatus" = ANY($2)${open ? ` AND s."potStatus" IN ('pending', 'active', 'disputed')` : ''}
    AND ($3::int IS NULL OR s."betId" < $3) AND $4::uuid IS NULL AND ($6::text IS NULL OR $6 = 'pot')
  ORDER BY s."betId" DESC LIMIT $5`;
/**
 * A page of ids ($5 of them), two ways. Open bets (pending, active, disputed) are a few among a person's many
 * settled ones: left to itself the planner walked the primary key backwards hoping to meet 50 of them soon and
 * read most of the table for a person with thousands of bets, so they are gathered first through the creator
 * and opponent status indexes, then cut. Settled bets are most of anyone's history, where that backward walk
 * is the fast way.
 */
const GATHER_THEN_PAGE = `WITH mine AS MATERIALIZED (SELECT id FROM bets WHERE ${VIEWERS_DUELS}
                                      UNION ALL (${viewersPots(true)}))
  SELECT id FROM mine ORDER BY id DESC LIMIT $5`;
const PAGE_BY_ID = `(SELECT id FROM bets WHERE ${VIEWERS_DUELS} ORDER BY id DESC LIMIT $5)
  UNION ALL (${viewersPots(false)}) ORDER BY id DESC LIMIT $5`;
const OPEN_LISTS = new Set<BetList>(['active', 'pending']);

/** What `present` needs of a bet: the entity with its relations, or a row of the lean list query. */
export type PresentableBet = Pick<
  Bet,
  | 'id'
  | 'title'
  | 'description'
  | 'amount'
  | 'outcomes'
  | 'creatorId'
  | 'opponentId'
  | 'status'
  | 'duration'
  | 'creatorPick'
  | 'opponentPick'
  | 'creatorResult'
  | 'opponentResult'
  | 'finalResult'
  | 'resolutionType'
  | 'winnerUserId'
  | 'resolutionDate'
  | 'expiresAt'
  | 'createdAt'
  | 'challengeCode'
  | 'kind'
  | 'joinBy'
> &
  Partial<
    Pick<
      Bet,
      | 'refereeId'
      | 'refereeAcceptedAt'
      | 'callResult'
      | 'callNote'
      | 'calledAt'
      | 'appealUntil'
      | 'opponentAmount'
      | 'offerBy'
      | 'offerPick'
      | 'offerRounds'
    >
  > & {
    creator?: PartyRow | null;
    opponent?: PartyRow | null;
    winner?: PartyRow | null;
    referee?: PartyRow | null;
  };

type BetRow = PresentableBet;

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 100;

/** The viewer's bets, in two queries whatever the page size: the bets with their people, then friendships. */
@Injectable()
export class BetsReadService {
  constructor(
    private readonly reads: ReadPool,
    private readonly relations: RelationsService,
  ) {}

  /**
   * A page of the viewer's bets, newest first, in two queries whatever its size: the bets with their people
   * (one SQL statement, only the columns the answer needs, `LIMIT` rather than TypeORM's `take`, which sent a
   * DISTINCT pre-query), then the viewer's friendships with those people.
   */
  async list(
    viewer: AuthUser,
    list: BetList,
    options: {
      limit?: number;
      before?: number;
      status?: BetStatus;
      opponentId?: string;
      kind?: 'duel' | 'pot';
    } = {},
  ): Promise<BetDto[]> {
    const statuses = options.status
      ? BET_LISTS[list].filter((status) => status === options.status)
      : BET_LISTS[list];
    const rows = await this.reads.rows<BetRow>(
      `WITH page AS (${OPEN_LISTS.has(list) ? GATHER_THEN_PAGE : PAGE_BY_ID})
       SELECT ${BET_COLUMNS}
         FROM page JOIN bets b ON b.id = page.id ${PEOPLE_JOINS}
        ORDER BY b.id DESC`,
      [
        viewer.id,
        statuses,
        options.before ?? null,
        options.opponentId ?? null,
        Math.min(Math.max(options.limit ?? DEFAULT_PAGE, 1), MAX_PAGE),
        options.kind ?? null,
      ],
    );
    return this.present(viewer, rows);
  }

  /**
   * Everyone the viewer has bet against, most recent bet first: what the history's opponent filter offers,
   * whatever status the list is filtered by. Read through the creator and opponent indexes, one row per person.
   */
  async opponents(viewer: AuthUser): Promise<BetPartyDto[]> {
    const rows = await this.reads.rows<PartyRow>(
      `SELECT ${PERSON} FROM users u JOIN (
         SELECT other, max(id) AS latest FROM (
           SELECT "opponentId" AS other, id FROM bets WHERE "creatorId" = $1 AND "opponentId" IS NOT NULL
           UNION ALL
           SELECT "creatorId", id FROM bets WHERE "opponentId" = $1
         ) sides GROUP BY other
       ) met ON met.other = u.id
       ORDER BY met.latest DESC LIMIT $2`,
      [viewer.id, MAX_PAGE],
    );
    const relations = await this.relations.relationsOf(
      viewer,
      rows.map((row) => row.id),
    );
    return rows.map((row) => summarise(row, relations.get(row.id) ?? ('stranger' satisfies ViewerRelation)));
  }

  /** The bet as `viewer` may see it; `gaveUpSeat`: they just declined or left a pot, and are told how it stands. */
  async one(viewer: AuthUser, betId: number, options: { gaveUpSeat?: boolean } = {}): Promise<BetDto> {
    const [bet] = await this.reads.rows<BetRow & { seated: boolean }>(
      `SELECT ${BET_COLUMNS},
              EXISTS (SELECT 1 FROM bet_participants s WHERE s."betId" = b.id AND s."userId" = $2) AS seated
         FROM bets b ${PEOPLE_JOINS} WHERE b.id = $1`,
      [betId, viewer.id],
    );
    // A pot's invitees and players are its seats; a duel's parties are in its seats too.
    // The referee of a bet reads it too: they are asked to take the role, then call it.
    const party =
      bet &&
      (bet.creatorId === viewer.id ||
        bet.opponentId === viewer.id ||
        bet.refereeId === viewer.id ||
        bet.seated);
    if (!bet || (!viewer.isAdmin && !party && !options.gaveUpSeat)) {
      throw new BetNotFoundError();
    }
    const [dto] = await this.present(viewer, [bet]);
    if (!dto) throw new BetNotFoundError();
    return dto;
  }

  /**
   * The open bets the viewer referees or is asked to (pending, active, disputed), newest first: what they have
   * to answer or call (docs/product.md, "Referee bets"). Through the partial index on refereeId.
   */
  async refereeing(viewer: AuthUser): Promise<BetDto[]> {
    const rows = await this.reads.rows<BetRow>(
      `SELECT ${BET_COLUMNS} FROM bets b ${PEOPLE_JOINS}
        WHERE b."refereeId" = $1 AND b.status IN ('pending', 'active', 'disputed')
        ORDER BY b.id DESC LIMIT $2`,
      [viewer.id, MAX_PAGE],
    );
    return this.present(viewer, rows);
  }

  /** Open bets whose deadline is within the next two hours: the client's hourly poll plus its 60 s reminder check. */
  async expiring(viewer: AuthUser, now: Date): Promise<ExpiringBetDto[]> {
    const rows = await this.reads.rows<Pick<Bet, 'id' | 'title' | 'expiresAt' | 'status'>>(
      `SELECT id, title, "expiresAt", status FROM bets
        WHERE ("creatorId" = $1 OR "opponentId" = $1) AND status IN ('pending', 'active')
          AND "expiresAt" > $2 AND "expiresAt" <= $3
        ORDER BY "expiresAt" ASC LIMIT $4`,
      [viewer.id, now, new Date(now.getTime() + 2 * 3_600_000), MAX_PAGE],
    );
    return rows.map((bet) => ({
      id: bet.id,
      title: bet.title,
      expiresAt: (bet.expiresAt ?? now).toISOString(),
      status: bet.status,
    }));
  }

  /**
   * An open challenge as its link shows it, to anyone (docs/product.md, "Open challenge links"): the terms
   * and the creator's display name only. Unknown and malformed codes are 404.
   */
  async challenge(code: string, now: Date): Promise<ChallengeDto> {
    if (!LINK_CODE_SHAPE.test(code)) throw new ChallengeNotFoundError();
    const [row] = await this.reads.rows<
      Pick<
        Bet,
        | 'title'
        | 'amount'
        | 'outcomes'
        | 'creatorPick'
        | 'creatorId'
        | 'opponentId'
        | 'status'
        | 'expiresAt'
        | 'kind'
        | 'joinBy'
      > &
        Pick<User, 'firstName' | 'lastName' | 'username' | 'privacySettings'>
    >(
      `SELECT b.title, b.amount, b.outcomes, b."creatorPick", b."creatorId", b."opponentId", b.status,
              b."expiresAt", b.kind, b."joinBy", u."firstName", u."lastName", u.username, u."privacySettings"
         FROM bets b JOIN users u ON u.id = b."creatorId"
        WHERE b."challengeCode" = $1`,
      [code],
    );
    if (!row) throw new ChallengeNotFoundError();
    return {
      code,
      title: row.title,
      amount: row.amount,
      outcomes: row.outcomes,
      creatorPick: row.creatorPick ?? '',
      creator: { id: row.creatorId, displayName: challengerName(row) },
      // A pot stops taking players at its join deadline, not at the end of the bet.
      status: challengeState(row.kind === 'pot' ? { ...row, expiresAt: row.joinBy } : row, now),
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      // A duel's link answers exactly as before; a pot's says so.
      ...(row.kind === 'pot'
        ? { kind: 'pot' as const, joinBy: row.joinBy ? row.joinBy.toISOString() : null }
        : {}),
    };
  }

  /**
   * Admin views: disputed bets, or disputes an admin has resolved, most recent (resolutionDate) first, with
   * emails; a page at a time, after the (resolutionDate, id) of the previous page's last bet.
   */
  async adminList(
    viewer: AuthUser,
    which: 'disputed' | 'resolved',
    limit: number,
    before?: string,
  ): Promise<{ items: BetDto[]; nextBefore: string | null }> {
    const after = decodeCursor(before, ['timestamp', 'betId']);
    // Each condition matches an index: bets (status, resolutionDate) and the partial index of resolved disputes.
    const where =
      which === 'disputed'
        ? `b.status = 'disputed'`
        : `b.status = 'completed' AND b."resolutionType" = 'admin'`;
    // A disputed or admin-resolved bet always has its resolutionDate (set when it was disputed).
    const rows = await this.reads.rows<BetRow & { cursorAt: string }>(
      `SELECT ${BET_COLUMNS}, ${cursorTime('b."resolutionDate"')} AS "cursorAt" FROM bets b ${PEOPLE_JOINS}
        WHERE ${where} AND b."resolutionDate" IS NOT NULL
          AND ($2::timestamptz IS NULL OR (b."resolutionDate", b.id) < ($2::timestamptz, $3::int))
        ORDER BY b."resolutionDate" DESC, b.id DESC LIMIT $1`,
      [Math.min(limit, MAX_PAGE) + 1, after?.[0] ?? null, after?.[1] ?? null],
    );
    const page = pageOf(rows, Math.min(limit, MAX_PAGE), (row) =>
      encodeCursor([row.cursorAt, String(row.id)]),
    );
    return { items: await this.present(viewer, page.rows, { withEmail: true }), nextBefore: page.nextBefore };
  }

  async present(
    viewer: AuthUser,
    bets: PresentableBet[],
    options: { withEmail?: boolean } = {},
  ): Promise<BetDto[]> {
    const people = bets
      .flatMap((bet) => [bet.creator, bet.opponent, bet.winner, bet.referee])
      .filter((user): user is PartyRow => !!user);
    const seatRows = await this.seatsOf(bets.map((bet) => bet.id));
    const relations = await this.relations.relationsOf(viewer, [
      ...people.map((user) => user.id),
      ...seatRows.map((row) => row.userId),
    ]);
    const offers = await this.offersOf(bets.filter((bet) => (bet.offerRounds ?? 0) > 0).map((bet) => bet.id));
    const party = (user: PartyRow | null | undefined): BetPartyDto | null => {
      if (!user) return null;
      const summary = summarise(user, relations.get(user.id) ?? ('stranger' satisfies ViewerRelation));
      return options.withEmail ? { ...summary, email: user.email } : summary;
    };
    const seats = new Map<number, BetParticipantDto[]>();
    for (const { betId, person, ...seat } of seatRows) {
      const list = seats.get(betId) ?? [];
      list.push({ ...seat, person: party(person) ?? unnamed(seat.userId) });
      seats.set(betId, list);
    }
    return bets.map((bet) => ({
      id: bet.id,
      title: bet.title,
      description: bet.description,
      amount: bet.amount,
      outcomes: bet.outcomes,
      creatorId: bet.creatorId,
      opponentId: bet.opponentId,
      creator: party(bet.creator) ?? unnamed(bet.creatorId),
      opponent: party(bet.opponent),
      creatorPick: bet.creatorPick,
      opponentPick: bet.opponentPick,
      creatorResult: bet.creatorResult,
      opponentResult: bet.opponentResult,
      finalResult: bet.finalResult,
      winnerUserId: bet.winnerUserId,
      winner: party(bet.winner),
      status: bet.status,
      resolutionType: bet.resolutionType,
      duration: bet.duration,
      createdAt: bet.createdAt.toISOString(),
      expiresAt: bet.expiresAt ? bet.expiresAt.toISOString() : null,
      resolutionDate: bet.resolutionDate ? bet.resolutionDate.toISOString() : null,
      // The link is the creator's to share; the person who took it has no use for it.
      challengeCode: bet.creatorId === viewer.id ? bet.challengeCode : null,
      kind: bet.kind,
      joinBy: bet.joinBy ? bet.joinBy.toISOString() : null,
      participants: seats.get(bet.id) ?? [],
      refereeId: bet.refereeId ?? null,
      referee: party(bet.referee),
      refereeAcceptedAt: iso(bet.refereeAcceptedAt),
      call:
        bet.calledAt && bet.callResult
          ? { result: bet.callResult, note: bet.callNote ?? '', calledAt: bet.calledAt.toISOString() }
          : null,
      appealUntil: iso(bet.appealUntil),
      opponentAmount: bet.opponentAmount ?? null,
      offerBy: bet.offerBy ?? null,
      offers: offers.get(bet.id) ?? [],
    }));
  }

  /** The counter-offers on `betIds` (bet_offers), oldest first, in one query. */
  private async offersOf(betIds: number[]): Promise<Map<number, BetOfferDto[]>> {
    const offers = new Map<number, BetOfferDto[]>();
    if (betIds.length === 0) return offers;
    const rows = await this.reads.rows<{
      betId: number;
      round: number;
      byUserId: string;
      opponentAmount: string;
      opponentPick: string | null;
      createdAt: Date;
    }>(
      `SELECT "betId", round, "byUserId", "opponentAmount"::text AS "opponentAmount", "opponentPick", "createdAt"
         FROM bet_offers WHERE "betId" = ANY($1::int[]) ORDER BY "betId", round`,
      [betIds],
    );
    for (const row of rows) {
      const list = offers.get(row.betId) ?? [];
      list.push({
        round: row.round,
        byUserId: row.byUserId,
        opponentAmount: row.opponentAmount,
        opponentPick: row.opponentPick,
        createdAt: new Date(row.createdAt).toISOString(),
      });
      offers.set(row.betId, list);
    }
    return offers;
  }

  /**
   * The seats of `betIds` (bet_participants), in the order people joined, in one query, each with its
   * person (a pot's page names its players; `present` applies the viewer's privacy).
   */
  private async seatsOf(betIds: number[]): Promise<SeatRow[]> {
    if (betIds.length === 0) return [];
    const rows = await this.reads.rows<
      Omit<SeatRow, 'joinedAt' | 'reportedAt'> & { joinedAt: Date | null; reportedAt: Date | null }
    >(
      `SELECT s."betId", s."userId", s.role, s.pick, s.stake::text AS stake, s.result, s."joinedAt",
              s."reportedAt", s.payout::text AS payout, row_to_json(u) AS person
         FROM bet_participants s
         LEFT JOIN LATERAL (SELECT ${PERSON} FROM users WHERE id = s."userId") u ON true
        WHERE s."betId" = ANY($1::int[])
        ORDER BY s."betId", s."joinedAt" NULLS LAST, (s.role = 'creator') DESC, s."userId"`,
      [betIds],
    );
    return rows.map((row) => ({
      betId: row.betId,
      userId: row.userId,
      role: row.role,
      pick: row.pick,
      stake: row.stake,
      result: row.result,
      joinedAt: row.joinedAt ? new Date(row.joinedAt).toISOString() : null,
      reportedAt: row.reportedAt ? new Date(row.reportedAt).toISOString() : null,
      payout: row.payout,
      person: row.person,
    }));
  }
}

/** A seat as read, before the viewer's privacy names its person. */
type SeatRow = Omit<BetParticipantDto, 'person'> & { betId: number; person: PartyRow | null };

/** Someone whose account row is gone: their id only. */
function unnamed(id: string): BetPartyDto {
  return { id, username: null, firstName: null, lastName: null, profileImageUrl: null };
}
