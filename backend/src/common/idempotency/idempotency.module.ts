import { Module } from '@nestjs/common';
import { IdempotencyCleanupJob } from './idempotency-cleanup.job.js';
import { IdempotentRequests } from './idempotent-requests.js';

/**
 * Idempotency-Keys: the service that runs `@Idempotent()` routes (for the controllers that have them) and
 * the clean-up of expired keys.
 */
@Module({ providers: [IdempotencyCleanupJob, IdempotentRequests], exports: [IdempotentRequests] })
export class IdempotencyModule {}
