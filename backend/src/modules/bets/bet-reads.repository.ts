import { Injectable } from '@nestjs/common';
import { prepared } from '../../database/prepared-statement.js';
import { cursorTime } from '../../common/http/cursor.js';
import { ReadPool } from '../../database/read-pool.js';
import type { SummarisableUser, User } from '../users/index.js';
import type { Bet, BetStatus } from './bet.entity.js';
import { ESCROW_STATUSES } from './bet-lifecycle.js';
import type { TimelineRow } from './bet-timeline.js';
import type { PartyDisputeHistoryDto } from './dto/bet-page.dto.js';
import type { BetParticipantDto } from './dto/bet-view.dto.js';

/** The bet columns a BetDto needs, and its three people as JSON objects of the fields a summary needs. */
const PERSON = `id, username, "firstName", "lastName", "profileImageUrl", "privacySettings", email`;
const BET_COLUMNS = `b.id, b.title, b.description, b.amount, b.outcomes, b."creatorId", b."opponentId", b.status,
  b.duration, b."creatorPick", b."opponentPick", b."creatorResult", b."opponentResult", b."finalResult",
  b."resolutionType", b."winnerUserId", b."resolutionDate", b."expiresAt", b."createdAt", b."challengeCode", b.kind,
  b."joinBy", b."refereeId", b."refereeAcceptedAt", b."callResult", b."callNote", b."calledAt", b."appealUntil",
  b."opponentAmount", b."offerBy", b."offerPick", b."offerRounds",
  row_to_json(c) AS creator, row_to_json(o) AS opponent, row_to_json(w) AS winner, row_to_json(r) AS referee`;
/** A seat's person, and the order a bet's seats are shown in: as people joined, the creator first among equals. */
const SEAT_PERSON = `LEFT JOIN LATERAL (SELECT ${PERSON} FROM people WHERE id = s."userId") u ON true`;
const SEAT_ORDER = `s."joinedAt" NULLS LAST, (s.role = 'creator') DESC, s."userId"`;
const PEOPLE_JOINS = `
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM people WHERE id = b."creatorId") c ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM people WHERE id = b."opponentId") o ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM people WHERE id = b."winnerUserId") w ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM people WHERE id = b."refereeId") r ON true`;

/** A person on a bet as read: what a summary needs, and the email for the admin views. */
export type PartyRow = SummarisableUser & { email?: string | null };

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

/** What `BetsReadService.present` needs of a bet: the entity with its relations, or a row of the lean list query. */
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

/** A list page's filter, as `BetsReadService.list` worked it out. */
export interface BetPageFilter {
  viewerId: string;
  statuses: readonly BetStatus[];
  /** Open lists gather the viewer's bets first, then cut the page (see GATHER_THEN_PAGE). */
  gatherFirst: boolean;
  before: number | null;
  opponentId: string | null;
  limit: number;
  kind: 'duel' | 'pot' | null;
}

/** An open challenge as its link shows it: the terms and the creator's name fields. */
export type ChallengeRow = Pick<
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
  Pick<User, 'firstName' | 'lastName' | 'username' | 'privacySettings'>;

export interface OfferRow {
  betId: number;
  round: number;
  byUserId: string;
  opponentAmount: string;
  opponentPick: string | null;
  createdAt: Date;
}

/** A seat as read (bet_participants with its person), before the viewer's privacy names that person. */
export type SeatReadRow = Omit<BetParticipantDto, 'person' | 'joinedAt' | 'reportedAt'> & {
  betId: number;
  /** A Date as a column; JSON's timestamp text when read inside a bet (`one`). */
  joinedAt: Date | string | null;
  reportedAt: Date | string | null;
  person: PartyRow | null;
};

export interface DisputeRow {
  openedAt: Date;
  reporterId: string;
  status: string;
  decidedAt: Date | null;
}

export interface StatementRow {
  userId: string;
  text: string;
  links: string[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The bets module's reads for lists and pages: single statements on the hot path, on the ReadPool (so inside an
 * Idempotency-Key's unit of work they see what the use case wrote). Each method is one round trip.
 */
@Injectable()
export class BetReadsRepository {
  constructor(private readonly reads: ReadPool) {}

  /**
   * The stakes of the person's joined seats in bets that hold them, as text. A duel's seats are found from its
   * open bets and a pot's by their own status, so a busy person's decided bets are never read.
   */
  async escrowHeldBy(userId: string): Promise<string> {
    const [row] = await this.reads.rows<{ held: string }>(
      prepared(`SELECT coalesce(sum(stake), 0)::numeric(12,2)::text AS held FROM (
         SELECT s.stake FROM bets b JOIN bet_participants s ON s."betId" = b.id AND s."userId" = $1
          WHERE b.kind = 'duel' AND (b."creatorId" = $1 OR b."opponentId" = $1) AND b.status = ANY($2::text[])
            AND s."joinedAt" IS NOT NULL
         UNION ALL
         SELECT s.stake FROM bet_participants s
          WHERE s."userId" = $1 AND s."potStatus" = ANY($2::text[]) AND s."joinedAt" IS NOT NULL) seats`),
      [userId, ESCROW_STATUSES],
    );
    return row?.held ?? '0.00';
  }

  /** A page of the viewer's bets with their people, newest first, in one statement. */
  page(filter: BetPageFilter): Promise<PresentableBet[]> {
    return this.reads.rows<PresentableBet>(
      `WITH page AS (${filter.gatherFirst ? GATHER_THEN_PAGE : PAGE_BY_ID})
       SELECT ${BET_COLUMNS}
         FROM page JOIN bets b ON b.id = page.id ${PEOPLE_JOINS}
        ORDER BY b.id DESC`,
      [filter.viewerId, filter.statuses, filter.before, filter.opponentId, filter.limit, filter.kind],
    );
  }

  /** Everyone the viewer has bet against, most recent bet first, one row per person. */
  opponents(viewerId: string, limit: number): Promise<PartyRow[]> {
    return this.reads.rows<PartyRow>(
      `SELECT ${PERSON} FROM people u JOIN (
         SELECT other, max(id) AS latest FROM (
           SELECT "opponentId" AS other, id FROM bets WHERE "creatorId" = $1 AND "opponentId" IS NOT NULL
           UNION ALL
           SELECT "creatorId", id FROM bets WHERE "opponentId" = $1
         ) sides GROUP BY other
       ) met ON met.other = u.id
       ORDER BY met.latest DESC LIMIT $2`,
      [viewerId, limit],
    );
  }

  /** One bet with its people and its seats (each with its person), in one statement. */
  async one(betId: number): Promise<(PresentableBet & { seats: SeatReadRow[] }) | undefined> {
    const [bet] = await this.reads.rows<PresentableBet & { seats: SeatReadRow[] }>(
      prepared(`SELECT ${BET_COLUMNS},
              (SELECT coalesce(json_agg(json_build_object('betId', s."betId", 'userId', s."userId", 'role', s.role,
                        'pick', s.pick, 'stake', s.stake::text, 'result', s.result, 'joinedAt', s."joinedAt",
                        'reportedAt', s."reportedAt", 'payout', s.payout::text, 'person', row_to_json(u))
                        ORDER BY ${SEAT_ORDER}), '[]')
                 FROM bet_participants s ${SEAT_PERSON} WHERE s."betId" = b.id) AS seats
         FROM bets b ${PEOPLE_JOINS} WHERE b.id = $1`),
      [betId],
    );
    return bet;
  }

  /** The open bets the viewer referees or is asked to, newest first; through the partial index on refereeId. */
  refereeing(viewerId: string, limit: number): Promise<PresentableBet[]> {
    return this.reads.rows<PresentableBet>(
      `SELECT ${BET_COLUMNS} FROM bets b ${PEOPLE_JOINS}
        WHERE b."refereeId" = $1 AND b.status IN ('pending', 'active', 'disputed')
        ORDER BY b.id DESC LIMIT $2`,
      [viewerId, limit],
    );
  }

  /**
   * The viewer's open bets whose deadline falls in (from, until], soonest first: their pending and active duels,
   * and the running pots they joined (a pot still taking players locks at its join deadline, it does not expire).
   */
  expiring(
    viewerId: string,
    from: Date,
    until: Date,
    limit: number,
  ): Promise<Pick<Bet, 'id' | 'title' | 'expiresAt' | 'status'>[]> {
    return this.reads.rows<Pick<Bet, 'id' | 'title' | 'expiresAt' | 'status'>>(
      `SELECT id, title, "expiresAt", status FROM bets
        WHERE ("creatorId" = $1 OR "opponentId" = $1) AND kind = 'duel' AND status IN ('pending', 'active')
          AND "expiresAt" > $2 AND "expiresAt" <= $3
       UNION ALL
       SELECT b.id, b.title, b."expiresAt", b.status
         FROM bet_participants s JOIN bets b ON b.id = s."betId"
        WHERE s."userId" = $1 AND s."potStatus" = 'active' AND s."joinedAt" IS NOT NULL
          AND b."expiresAt" > $2 AND b."expiresAt" <= $3
        ORDER BY "expiresAt" ASC LIMIT $4`,
      [viewerId, from, until, limit],
    );
  }

  /** The bet behind an open challenge's code, with its creator's name fields. */
  async challenge(code: string): Promise<ChallengeRow | undefined> {
    const [row] = await this.reads.rows<ChallengeRow>(
      `SELECT b.title, b.amount, b.outcomes, b."creatorPick", b."creatorId", b."opponentId", b.status,
              b."expiresAt", b.kind, b."joinBy", u."firstName", u."lastName", u.username, u."privacySettings"
         FROM bets b JOIN people u ON u.id = b."creatorId"
        WHERE b."challengeCode" = $1`,
      [code],
    );
    return row;
  }

  /**
   * Disputed bets, or disputes an admin resolved, by (resolutionDate, id) descending, after the cursor `after`:
   * `rows` of them (the caller asks one more than its page to know whether another follows).
   */
  adminList(
    which: 'disputed' | 'resolved',
    rows: number,
    after: readonly [string, string] | null,
  ): Promise<(PresentableBet & { cursorAt: string })[]> {
    // Each condition matches an index: bets (status, resolutionDate) and the partial index of resolved disputes.
    const where =
      which === 'disputed'
        ? `b.status = 'disputed'`
        : `b.status = 'completed' AND b."resolutionType" = 'admin'`;
    // A disputed or admin-resolved bet always has its resolutionDate (set when it was disputed).
    return this.reads.rows<PresentableBet & { cursorAt: string }>(
      `SELECT ${BET_COLUMNS}, ${cursorTime('b."resolutionDate"')} AS "cursorAt" FROM bets b ${PEOPLE_JOINS}
        WHERE ${where} AND b."resolutionDate" IS NOT NULL
          AND ($2::timestamptz IS NULL OR (b."resolutionDate", b.id) < ($2::timestamptz, $3::int))
        ORDER BY b."resolutionDate" DESC, b.id DESC LIMIT $1`,
      [rows, after?.[0] ?? null, after?.[1] ?? null],
    );
  }

  /** The counter-offers on `betIds` (bet_offers), oldest first, in one query. */
  offersOf(betIds: number[]): Promise<OfferRow[]> {
    return this.reads.rows<OfferRow>(
      `SELECT "betId", round, "byUserId", "opponentAmount"::text AS "opponentAmount", "opponentPick", "createdAt"
         FROM bet_offers WHERE "betId" = ANY($1::int[]) ORDER BY "betId", round`,
      [betIds],
    );
  }

  /** The seats of `betIds` (bet_participants), in the order people joined, each with its person. */
  seatsOf(betIds: number[]): Promise<SeatReadRow[]> {
    return this.reads.rows<SeatReadRow>(
      prepared(`SELECT s."betId", s."userId", s.role, s.pick, s.stake::text AS stake, s.result, s."joinedAt",
              s."reportedAt", s.payout::text AS payout, row_to_json(u) AS person
         FROM bet_participants s ${SEAT_PERSON}
        WHERE s."betId" = ANY($1::int[])
        ORDER BY s."betId", ${SEAT_ORDER}`),
      [betIds],
    );
  }

  /** A bet's activity rows, as its timeline tells them, in the order they were written. */
  activitiesOf(betId: number): Promise<TimelineRow[]> {
    return this.reads.rows<TimelineRow>(
      `SELECT "createdAt" AS at, "userId", "activityType" AS type, description
           FROM bet_activities WHERE "betId" = $1 ORDER BY id`,
      [betId],
    );
  }

  /** A bet's latest dispute, if it has one (as a list of at most one row). */
  latestDisputeOf(betId: number): Promise<DisputeRow[]> {
    return this.reads.rows<DisputeRow>(
      `SELECT "createdAt" AS "openedAt", "reporterId", status, "resolvedAt" AS "decidedAt"
           FROM dispute_resolutions WHERE "betId" = $1 ORDER BY id DESC LIMIT 1`,
      [betId],
    );
  }

  /** What each party told the admin about a bet, in the order they first wrote it. */
  statementsOn(betId: number): Promise<StatementRow[]> {
    return this.reads.rows<StatementRow>(
      `SELECT "userId", text, links, "createdAt", "updatedAt" FROM dispute_statements WHERE "betId" = $1 ORDER BY id`,
      [betId],
    );
  }

  /**
   * Every dispute each of `userIds` has been in (one query over the disputes index): their duels, and the group
   * pots they played, where the players who picked the decided outcome won (their seat's decidedNet, migration
   * PotPlayerStats) and a refund to everyone is a draw. Only people with a dispute have a row.
   */
  disputeCounts(userIds: string[]): Promise<PartyDisputeHistoryDto[]> {
    return this.reads.rows<PartyDisputeHistoryDto>(
      `SELECT party AS "userId", count(*)::int AS disputes,
              count(*) FILTER (WHERE outcome = 'won')::int AS won,
              count(*) FILTER (WHERE outcome = 'lost')::int AS lost,
              count(*) FILTER (WHERE outcome = 'drawn')::int AS drawn
         FROM (SELECT party, CASE WHEN b.status <> 'completed' THEN NULL
                                  WHEN b."winnerUserId" IS NULL THEN 'drawn'
                                  WHEN b."winnerUserId" = party THEN 'won' ELSE 'lost' END AS outcome
                 FROM unnest($1::uuid[]) AS party
                 JOIN bets b ON (b."creatorId" = party OR b."opponentId" = party) AND b.kind = 'duel'
                WHERE EXISTS (SELECT 1 FROM dispute_resolutions d WHERE d."betId" = b.id)
               UNION ALL
               SELECT s."userId", CASE WHEN b.status <> 'completed' THEN NULL
                                       WHEN s."decidedNet" IS NULL THEN 'drawn'
                                       WHEN s.pick = b."finalResult" THEN 'won' ELSE 'lost' END
                 FROM bet_participants s JOIN bets b ON b.id = s."betId" AND b.kind = 'pot'
                WHERE s."userId" = ANY($1::uuid[]) AND s."joinedAt" IS NOT NULL
                  AND EXISTS (SELECT 1 FROM dispute_resolutions d WHERE d."betId" = b.id)) disputed
        GROUP BY party`,
      [userIds],
    );
  }
}
