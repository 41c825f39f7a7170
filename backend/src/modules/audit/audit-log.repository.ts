import { Injectable } from '@nestjs/common';
import { ReadPool } from '../../database/read-pool.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { AdminAuditEntry } from './admin-audit-entry.entity.js';

/** An entry of the log as the admin panel lists it. */
export interface AuditLogRow {
  id: number;
  adminId: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  previousValue: Record<string, unknown> | null;
  newValue: Record<string, unknown> | null;
  createdAt: Date;
}

/** An admin's decision on a bet, as its page shows it. */
export interface BetDecisionRow {
  at: Date;
  action: string;
  reason: string | null;
  winnerUserId: string | null;
  /** The outcome the decision settled on (finalResult), when it recorded one. */
  outcome: string | null;
}

/**
 * The admin_audit_log table: an entry is written in the transaction of the action it records; the reads are
 * single statements on the ReadPool (the admin panel's log page, a bet page's decisions).
 */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly pool: ReadPool) {}

  async insert(tx: TxOrManager, entry: Omit<AdminAuditEntry, 'id' | 'createdAt' | 'admin'>): Promise<void> {
    const repository = managerOf(tx).getRepository(AdminAuditEntry);
    await repository.save(repository.create(entry));
  }

  /** The log, most recently recorded first (by id: entries are numbered as they are written), before `before`. */
  log(limit: number, before: number | null): Promise<AuditLogRow[]> {
    return this.pool.rows<AuditLogRow>(
      `SELECT id, "adminId", action, "targetType", "targetId", reason, "previousValue", "newValue", "createdAt"
         FROM admin_audit_log WHERE ($2::bigint IS NULL OR id < $2) ORDER BY id DESC LIMIT $1`,
      [limit, before],
    );
  }

  /** The decisions of these kinds recorded on a bet, oldest first. */
  decisionsOn(betId: number, actions: readonly string[]): Promise<BetDecisionRow[]> {
    return this.pool.rows<BetDecisionRow>(
      `SELECT "createdAt" AS at, action, reason, "newValue"->>'winnerUserId' AS "winnerUserId",
              "newValue"->>'finalResult' AS outcome
         FROM admin_audit_log
        WHERE "targetType" = 'bet' AND "targetId" = $1 AND action = ANY($2)
        ORDER BY id`,
      [String(betId), actions],
    );
  }
}
