import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { decodeCursor, encodeCursor, pageOf } from '../../common/http/cursor.js';
import { LINK_CODE_SHAPE } from '../../common/random-code.js';
import { challengerName, summarise, type ViewerRelation } from '../users/index.js';
import { RelationsService } from '../friends/index.js';
import type { BetStatus } from './bet.entity.js';
import { challengeState } from './bet-lifecycle.js';
import {
  BetReadsRepository,
  type PartyRow,
  type PresentableBet,
  type SeatReadRow,
} from './bet-reads.repository.js';
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

/** The lists whose page is gathered first (BetReadsRepository.page): the few open bets among many settled. */
const OPEN_LISTS = new Set<BetList>(['active', 'pending']);

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 100;

/** The viewer's bets, in two queries whatever the page size: the bets with their people, then friendships. */
@Injectable()
export class BetsReadService {
  constructor(
    private readonly reads: BetReadsRepository,
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
    const rows = await this.reads.page({
      viewerId: viewer.id,
      statuses,
      gatherFirst: OPEN_LISTS.has(list),
      before: options.before ?? null,
      opponentId: options.opponentId ?? null,
      limit: Math.min(Math.max(options.limit ?? DEFAULT_PAGE, 1), MAX_PAGE),
      kind: options.kind ?? null,
    });
    return this.present(viewer, rows);
  }

  /**
   * Everyone the viewer has bet against, most recent bet first: what the history's opponent filter offers,
   * whatever status the list is filtered by. Read through the creator and opponent indexes, one row per person.
   */
  async opponents(viewer: AuthUser): Promise<BetPartyDto[]> {
    const rows = await this.reads.opponents(viewer.id, MAX_PAGE);
    const relations = await this.relations.relationsOf(
      viewer,
      rows.map((row) => row.id),
    );
    return rows.map((row) => summarise(row, relations.get(row.id) ?? ('stranger' satisfies ViewerRelation)));
  }

  /** The bet as `viewer` may see it; `gaveUpSeat`: they just declined or left a pot, and are told how it stands. */
  async one(viewer: AuthUser, betId: number, options: { gaveUpSeat?: boolean } = {}): Promise<BetDto> {
    const bet = await this.reads.one(betId);
    // A pot's invitees and players are its seats; a duel's parties are in its seats too.
    // The referee of a bet reads it too: they are asked to take the role, then call it.
    const party =
      bet &&
      (bet.creatorId === viewer.id ||
        bet.opponentId === viewer.id ||
        bet.refereeId === viewer.id ||
        bet.seats.some((seat) => seat.userId === viewer.id));
    if (!bet || (!viewer.isAdmin && !party && !options.gaveUpSeat)) {
      throw new BetNotFoundError();
    }
    const [dto] = await this.present(viewer, [bet], { seats: bet.seats });
    if (!dto) throw new BetNotFoundError();
    return dto;
  }

  /**
   * The open bets the viewer referees or is asked to (pending, active, disputed), newest first: what they have
   * to answer or call (docs/product.md, "Referee bets"). Through the partial index on refereeId.
   */
  async refereeing(viewer: AuthUser): Promise<BetDto[]> {
    const rows = await this.reads.refereeing(viewer.id, MAX_PAGE);
    return this.present(viewer, rows);
  }

  /** Open bets whose deadline is within the next two hours: the client's hourly poll plus its 60 s reminder check. */
  async expiring(viewer: AuthUser, now: Date): Promise<ExpiringBetDto[]> {
    const rows = await this.reads.expiring(viewer.id, now, new Date(now.getTime() + 2 * 3_600_000), MAX_PAGE);
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
    const row = await this.reads.challenge(code);
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
    const rows = await this.reads.adminList(which, Math.min(limit, MAX_PAGE) + 1, after);
    const page = pageOf(rows, Math.min(limit, MAX_PAGE), (row) =>
      encodeCursor([row.cursorAt, String(row.id)]),
    );
    return { items: await this.present(viewer, page.rows, { withEmail: true }), nextBefore: page.nextBefore };
  }

  async present(
    viewer: AuthUser,
    bets: PresentableBet[],
    options: { withEmail?: boolean; seats?: SeatReadRow[] } = {},
  ): Promise<BetDto[]> {
    const people = bets
      .flatMap((bet) => [bet.creator, bet.opponent, bet.winner, bet.referee])
      .filter((user): user is PartyRow => !!user);
    // The seats come read already with a single bet (`one`), else in one query for the whole list.
    const seatRows = (options.seats ?? (await this.seatsOf(bets.map((bet) => bet.id)))).map(seatRow);
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
    const rows = await this.reads.offersOf(betIds);
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
  private async seatsOf(betIds: number[]): Promise<SeatReadRow[]> {
    if (betIds.length === 0) return [];
    return this.reads.seatsOf(betIds);
  }
}

/** A seat as read, with its times as the API gives them (ISO, to the millisecond). */
function seatRow(row: SeatReadRow): SeatRow {
  return {
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
  };
}

/** A seat as read, before the viewer's privacy names its person. */
type SeatRow = Omit<BetParticipantDto, 'person'> & { betId: number; person: PartyRow | null };

/** Someone whose account row is gone: their id only. */
function unnamed(id: string): BetPartyDto {
  return { id, username: null, firstName: null, lastName: null, profileImageUrl: null };
}
