import { Injectable } from '@nestjs/common';
import { ReadPool } from '../../database/read-pool.js';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { Decimal } from 'decimal.js';
import { AuditTrail } from '../audit/index.js';
import { distinctNames } from '../users/index.js';
import { WalletReadService } from '../wallet/index.js';
import { timelineOf, type Decision, type TimelineRow } from './bet-timeline.js';
import { BetsReadService } from './bets-read.service.js';
import type { BetDisputeDto, BetPageDto, BetReceiptDto, PartyDisputeHistoryDto } from './dto/bet-page.dto.js';

const BET_MONEY_TYPES = ['bet_stake', 'bet_refund', 'bet_payout', 'payout_reversal'];
const DECISIONS = ['resolve_dispute', 'edit_resolution'];

const RECEIPT_LABEL: Record<string, string> = {
  bet_stake: 'Stake into escrow',
  bet_refund: 'Stake refunded',
  bet_payout: 'Payout',
  payout_reversal: 'Payout reversed',
};

/**
 * What a money move was, in words. A changed decision reverses what the first one paid: a winner's whole
 * pot, or a draw's refund of one stake each, so a reversal of exactly one stake took back a refund.
 */
function receiptLabel(row: { type: string; amount: string }, stake: string): string {
  if (row.type === 'payout_reversal' && new Decimal(row.amount).abs().eq(new Decimal(stake)))
    return 'Refund reversed';
  return RECEIPT_LABEL[row.type] ?? row.type;
}

interface DisputeRow {
  openedAt: Date;
  reporterId: string;
  status: string;
  decidedAt: Date | null;
}
interface StatementRow {
  userId: string;
  text: string;
  links: string[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A bet's page: the bet as its lists show it, its timeline, its money moves and its dispute. Only the two
 * parties and admins may see it; everyone else is told it does not exist (the same 404 as an unknown id).
 */
@Injectable()
export class BetPageService {
  constructor(
    private readonly pool: ReadPool,
    private readonly reads: BetsReadService,
    private readonly wallet: WalletReadService,
    private readonly audit: AuditTrail,
  ) {}

  async page(viewer: AuthUser, betId: number): Promise<BetPageDto> {
    const bet = await this.reads.one(viewer, betId);
    const seated = bet.participants.some((seat) => seat.userId === viewer.id);
    const viewerRole =
      bet.creatorId === viewer.id
        ? 'creator'
        : bet.opponentId === viewer.id
          ? 'opponent'
          : seated
            ? 'player'
            : bet.refereeId === viewer.id
              ? 'referee' // reads the bet to take the role and call it; sees no one's money but theirs (none)
              : 'admin';
    // Both parties' feeds: each holds what that party did (a report), and the timeline names who did what.
    const [events, receipts, disputes, decisionRows, statements] = await Promise.all([
      this.pool.rows<TimelineRow>(
        `SELECT "createdAt" AS at, "userId", "activityType" AS type, description
           FROM bet_activities WHERE "betId" = $1 ORDER BY id`,
        [betId],
      ),
      this.wallet.betReceipts(betId, BET_MONEY_TYPES, viewerRole === 'admin' ? null : viewer.id),
      this.pool.rows<DisputeRow>(
        `SELECT "createdAt" AS "openedAt", "reporterId", status, "resolvedAt" AS "decidedAt"
           FROM dispute_resolutions WHERE "betId" = $1 ORDER BY id DESC LIMIT 1`,
        [betId],
      ),
      this.audit.decisionsOn(betId, DECISIONS),
      this.pool.rows<StatementRow>(
        `SELECT "userId", text, links, "createdAt", "updatedAt" FROM dispute_statements WHERE "betId" = $1 ORDER BY id`,
        [betId],
      ),
    ]);
    const [dispute] = disputes;
    const parties =
      bet.kind === 'pot'
        ? bet.participants.filter((seat) => seat.joinedAt !== null).map((seat) => seat.userId)
        : [bet.creatorId, bet.opponentId].filter((id): id is string => id !== null);
    const disputeHistory = viewerRole === 'admin' && dispute ? await this.disputeHistory(parties) : [];
    const decisions = decisionRows.map((row): Decision => ({
      at: row.at,
      winnerUserId: row.winnerUserId,
      reason: row.reason,
      changed: row.action === 'edit_resolution',
      outcome: row.outcome,
    }));
    // Everyone the timeline may name: the two parties, a pot's players, the referee.
    const people = new Map(
      [bet.creator, bet.opponent, bet.referee, ...bet.participants.map((seat) => seat.person)]
        .filter((person) => person !== null)
        .map((person) => [person.id, person]),
    );
    const names = distinctNames(
      [...people.values()].map((person) => ({ key: person.id, person, relation: 'self' as const })),
    );
    // The bet's people come already cut to what the viewer may see, so their names are shown as given.
    const nameOf = (userId: string | null) =>
      userId === null ? 'Someone' : userId === viewer.id ? 'You' : (names.get(userId) ?? 'Someone');
    return {
      bet,
      viewerRole,
      timeline: timelineOf({ ...bet, callResult: bet.call?.result ?? null }, events, decisions, nameOf),
      receipts: receipts.map((row): BetReceiptDto => ({
        ...row,
        label: receiptLabel(row, bet.amount),
        createdAt: row.createdAt.toISOString(),
      })),
      dispute: dispute ? this.disputeOf(dispute, decisions, statements) : null,
      disputeHistory,
    };
  }

  /**
   * Every dispute each party has been in (one query over the disputes index): their duels, and the group pots
   * they played, where the players who picked the decided outcome won (their seat's decidedNet, migration
   * PotPlayerStats) and a refund to everyone is a draw.
   */
  private async disputeHistory(userIds: string[]): Promise<PartyDisputeHistoryDto[]> {
    const rows = await this.pool.rows<PartyDisputeHistoryDto>(
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
    return userIds.map(
      (userId) =>
        rows.find((row) => row.userId === userId) ?? { userId, disputes: 0, won: 0, lost: 0, drawn: 0 },
    );
  }

  private disputeOf(row: DisputeRow, decisions: Decision[], statements: StatementRow[]): BetDisputeDto {
    const latest = decisions[decisions.length - 1];
    return {
      openedAt: row.openedAt.toISOString(),
      reporterId: row.reporterId,
      status: row.status,
      // The latest decision's own time, beside its own reason (the dispute row keeps the first one's).
      decidedAt: latest ? latest.at.toISOString() : row.decidedAt ? row.decidedAt.toISOString() : null,
      decisionReason: latest ? latest.reason : null,
      decisions: decisions.map((decision) => ({
        at: decision.at.toISOString(),
        winnerUserId: decision.winnerUserId,
        reason: decision.reason,
        changed: decision.changed,
      })),
      statements: statements.map((statement) => ({
        userId: statement.userId,
        text: statement.text,
        links: statement.links,
        createdAt: statement.createdAt.toISOString(),
        updatedAt: statement.updatedAt.toISOString(),
      })),
    };
  }
}
