import { Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditTrail } from './audit-trail.service.js';

/**
 * The admin audit log's writer, on its own so every module whose actions an admin can take (the admin
 * panel's users and balances, the bets module's dispute decisions) records them the same way without
 * depending on the admin module.
 */
@Module({
  providers: [AuditLogRepository, AuditTrail],
  exports: [AuditTrail],
})
export class AuditModule {}
