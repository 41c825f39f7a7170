import { Module } from '@nestjs/common';
import { IdempotencyCleanupJob } from './idempotency-cleanup.job.js';

/** The clean-up of expired Idempotency-Keys (the interceptor itself is used by the controllers). */
@Module({ providers: [IdempotencyCleanupJob] })
export class IdempotencyModule {}
