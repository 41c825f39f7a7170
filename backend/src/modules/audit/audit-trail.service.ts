import { Injectable } from '@nestjs/common';
import { ReadPool } from '../../database/read-pool.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { AdminAuditEntry } from './admin-audit-entry.entity.js';

export interface AuditRecord {
  adminId: string;
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  previousValue?: object | null;
  newValue?: object | null;
  metadata?: object | null;
}

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
 * Writes the admin audit log, inside the same transaction as the action it records, and is the one reader of
 * it (the admin panel's log, a bet page's decisions).
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly pool: ReadPool) {}

  async record(tx: TxOrManager, record: AuditRecord): Promise<void> {
    const repository = managerOf(tx).getRepository(AdminAuditEntry);
    await repository.save(
      repository.create({
        adminId: record.adminId,
        action: record.action,
        targetType: record.targetType,
        targetId: record.targetId,
        reason: record.reason ?? null,
        previousValue: record.previousValue ?? null,
        newValue: record.newValue ?? null,
        metadata: record.metadata ?? null,
      }),
    );
  }

  /** The log, most recently recorded first (by id: entries are numbered as they are written), before `before`. */
  log(limit: number, before: number | null = null): Promise<AuditLogRow[]> {
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
