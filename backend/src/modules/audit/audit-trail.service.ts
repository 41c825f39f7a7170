import { Injectable } from '@nestjs/common';
import type { TxOrManager } from '../../database/transactor.js';
import { AuditLogRepository, type AuditLogRow, type BetDecisionRow } from './audit-log.repository.js';

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

/**
 * Writes the admin audit log, inside the same transaction as the action it records, and is the one reader of
 * it (the admin panel's log, a bet page's decisions).
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly entries: AuditLogRepository) {}

  async record(tx: TxOrManager, record: AuditRecord): Promise<void> {
    await this.entries.insert(tx, {
      adminId: record.adminId,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      reason: record.reason ?? null,
      previousValue: record.previousValue ?? null,
      newValue: record.newValue ?? null,
      metadata: record.metadata ?? null,
    });
  }

  /** The log, most recently recorded first (by id: entries are numbered as they are written), before `before`. */
  log(limit: number, before: number | null = null): Promise<AuditLogRow[]> {
    return this.entries.log(limit, before);
  }

  /** The decisions of these kinds recorded on a bet, oldest first. */
  decisionsOn(betId: number, actions: readonly string[]): Promise<BetDecisionRow[]> {
    return this.entries.decisionsOn(betId, actions);
  }
}
