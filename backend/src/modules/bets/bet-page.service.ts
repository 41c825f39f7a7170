import { Injectable } from '@nestjs/common';
import { ReadPool } from '../../database/read-pool.js';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { BetsReadService } from './bets-read.service.js';
import type {
  BetDisputeDto,
  BetEventDto,
  BetPageDto,
  BetReceiptDto,
  PartyDisputeHistoryDto,
} from './dto/bet-page.dto.js';

const BET_MONEY_TYPES = ['bet_stake', 'bet_refund', 'bet_payout', 'payout_reversal'];
const DECISIONS = ['resolve_dispute', 'edit_resolution'];

interface EventRow {
  at: Date;
  type: string;
  text: string;
}
interface ReceiptRow {
  id: string;
  userId: string;
  type: string;
  amount: string;
  balanceAfter: string;
  description: string | null;
  createdAt: Date;
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
  ) {}

  async page(viewer: AuthUser, betId: number): Promise<BetPageDto> {
    const bet = await this.reads.one(viewer, betId);
    const viewerRole =
      bet.creatorId === viewer.id ? 'creator' : bet.opponentId === viewer.id ? 'opponent' : 'admin';
    // Each party's feed holds its own wording of the same events; an admin reads the creator's.
    const feedOwner = viewerRole === 'admin' ? bet.creatorId : viewer.id;
    const [events, receipts, disputes, reasons, statements] = await Promise.all([
      this.pool.rows<EventRow>(
        `SELECT "createdAt" AS at, "activityType" AS type, description AS text
           FROM bet_activities WHERE "betId" = $1 AND "userId" = $2 ORDER BY id`,
        [betId, feedOwner],
      ),
      this.pool.rows<ReceiptRow>(
        `SELECT id::text AS id, "userId", type, amount, "balanceAfter", description, "createdAt"
           FROM transactions
          WHERE "referenceType" = 'bet' AND "referenceId" = $1 AND type = ANY($2)
            AND ($3::uuid IS NULL OR "userId" = $3)
          ORDER BY id`,
        [String(betId), BET_MONEY_TYPES, viewerRole === 'admin' ? null : viewer.id],
      ),
      this.pool.rows<DisputeRow>(
        `SELECT "createdAt" AS "openedAt", "reporterId", status, "resolvedAt" AS "decidedAt"
           FROM dispute_resolutions WHERE "betId" = $1 ORDER BY id DESC LIMIT 1`,
        [betId],
      ),
      this.pool.rows<{ reason: string | null }>(
        `SELECT reason FROM admin_audit_log
          WHERE "targetType" = 'bet' AND "targetId" = $1 AND action = ANY($2)
          ORDER BY id DESC LIMIT 1`,
        [String(betId), DECISIONS],
      ),
      this.pool.rows<StatementRow>(
        `SELECT "userId", text, links, "createdAt", "updatedAt" FROM dispute_statements WHERE "betId" = $1 ORDER BY id`,
        [betId],
      ),
    ]);
    const [dispute] = disputes;
    const parties = [bet.creatorId, bet.opponentId].filter((id): id is string => id !== null);
    const disputeHistory = viewerRole === 'admin' && dispute ? await this.disputeHistory(parties) : [];
    return {
      bet,
      viewerRole,
      timeline: events.map((row): BetEventDto => ({
        at: row.at.toISOString(),
        type: row.type,
        text: row.text,
      })),
      receipts: receipts.map((row): BetReceiptDto => ({ ...row, createdAt: row.createdAt.toISOString() })),
      dispute: dispute ? this.disputeOf(dispute, reasons[0]?.reason ?? null, statements) : null,
      disputeHistory,
    };
  }

  /** Every dispute each party has been in (one query over the disputes index). */
  private async disputeHistory(userIds: string[]): Promise<PartyDisputeHistoryDto[]> {
    const rows = await this.pool.rows<PartyDisputeHistoryDto>(
      `SELECT party AS "userId",
              count(*)::int AS disputes,
              count(*) FILTER (WHERE b.status = 'completed' AND b."winnerUserId" = party)::int AS won,
              count(*) FILTER (WHERE b.status = 'completed' AND b."winnerUserId" IS NOT NULL AND b."winnerUserId" <> party)::int AS lost,
              count(*) FILTER (WHERE b.status = 'completed' AND b."winnerUserId" IS NULL)::int AS drawn
         FROM unnest($1::uuid[]) AS party
         JOIN bets b ON (b."creatorId" = party OR b."opponentId" = party)
        WHERE EXISTS (SELECT 1 FROM dispute_resolutions d WHERE d."betId" = b.id)
        GROUP BY party`,
      [userIds],
    );
    return userIds.map(
      (userId) =>
        rows.find((row) => row.userId === userId) ?? { userId, disputes: 0, won: 0, lost: 0, drawn: 0 },
    );
  }

  private disputeOf(row: DisputeRow, reason: string | null, statements: StatementRow[]): BetDisputeDto {
    return {
      openedAt: row.openedAt.toISOString(),
      reporterId: row.reporterId,
      status: row.status,
      decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
      decisionReason: reason,
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
