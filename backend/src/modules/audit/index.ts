export { AdminAuditEntry } from './admin-audit-entry.entity.js';
export { AuditTrail } from './audit-trail.service.js';
export type { AuditLogRow, BetDecisionRow } from './audit-log.repository.js';
export { AuditModule } from './audit.module.js';
