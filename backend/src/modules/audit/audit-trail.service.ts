import { Injectable } from '@nestjs/common';
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

/** Writes the admin audit log, inside the same transaction as the action it records. */
@Injectable()
export class AuditTrail {
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
}
