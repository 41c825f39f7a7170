import { createHash } from 'node:crypto';
import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import type { AuthenticatedRequest } from '../auth/auth-user.js';
import { BadRequestError, ConflictError, DomainError } from '../errors/domain-error.js';
import { IdempotencyRecord } from './idempotency.entity.js';

const HEADER = 'idempotency-key';

function statusOf(error: unknown): number {
  if (error instanceof DomainError) return error.status;
  if (error instanceof HttpException) return error.getStatus();
  return 500;
}

/**
 * Optional `Idempotency-Key` on mutating POSTs: the first request with a key runs and its answer (success
 * or refusal) is stored; a retry with the same key gets that same answer without running again. A
 * server error is not stored, so the client may retry it.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly dataSource: DataSource) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = request.headers[HEADER];
    if (request.method !== 'POST' || key === undefined || !request.authUser) return next.handle();
    return from(this.run(context, request, String(key), next));
  }

  private async run(
    context: ExecutionContext,
    request: AuthenticatedRequest,
    key: string,
    next: CallHandler,
  ): Promise<unknown> {
    if (!/^[\x21-\x7e]{1,128}$/.test(key)) {
      throw new BadRequestError(
        'Idempotency-Key must be 1 to 128 visible ASCII characters',
        'bad_idempotency_key',
      );
    }
    const userId = request.authUser?.id ?? '';
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const repository = this.dataSource.getRepository(IdempotencyRecord);
    const claimed = await repository
      .createQueryBuilder()
      .insert()
      .values({ userId, key, fingerprint })
      .orIgnore()
      .returning(['key'])
      .execute();
    const inserted = claimed.raw as unknown[];
    if (inserted.length === 0) {
      return this.replay(context, await repository.findOneByOrFail({ userId, key }), fingerprint);
    }

    const reply = context.switchToHttp().getResponse<FastifyReply>();
    try {
      const body: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
      await repository.update({ userId, key }, { status: reply.statusCode, body: { value: body } });
      return body;
    } catch (error) {
      const status = statusOf(error);
      if (status >= 500) await repository.delete({ userId, key });
      else
        await repository.update({ userId, key }, { status, body: { error: this.describe(error, status) } });
      throw error;
    }
  }

  private replay(context: ExecutionContext, record: IdempotencyRecord, fingerprint: string): unknown {
    if (record.fingerprint !== fingerprint) {
      throw new ConflictError(
        'This Idempotency-Key was already used for a different request',
        'idempotency_key_reused',
      );
    }
    if (record.status === null || record.body === null) {
      throw new ConflictError(
        'A request with this Idempotency-Key is still being processed',
        'idempotency_in_progress',
      );
    }
    const stored = record.body as { value?: unknown; error?: { message: string; code?: string } };
    if (stored.error)
      throw new ReplayedError(record.status, stored.error.message, stored.error.code ?? 'replayed');
    void context.switchToHttp().getResponse<FastifyReply>().status(record.status);
    return stored.value;
  }

  private describe(error: unknown, status: number): { message: string; code?: string; status: number } {
    if (error instanceof DomainError) return { message: error.message, code: error.code, status };
    if (error instanceof HttpException) {
      const response = error.getResponse();
      const message =
        typeof response === 'object' && response !== null && 'message' in response
          ? String(response.message)
          : error.message;
      return { message, status };
    }
    return { message: 'Request failed', status };
  }
}

/** The stored refusal of the original request, answered again. */
class ReplayedError extends DomainError {
  constructor(
    readonly status: number,
    message: string,
    code: string,
  ) {
    super(message, code);
  }
}
