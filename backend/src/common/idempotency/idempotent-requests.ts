import { createHash } from 'node:crypto';
import { HttpException, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DataSource, QueryFailedError } from 'typeorm';
import { inTransaction, inUnitOfWork } from '../../database/in-transaction.js';
import type { AuthenticatedRequest } from '../auth/auth-user.js';
import { BadRequestError, ConflictError, DomainError } from '../errors/domain-error.js';
import { IdempotencyRecord } from './idempotency-record.entity.js';

const HEADER = 'idempotency-key';
/**
 * How long a request waits for another one with the same key that is running right now (it then gets
 * that one's answer) before answering 409 idempotency_in_progress.
 */
const DUPLICATE_WAIT = '5s';
const LOCK_NOT_AVAILABLE = '55P03';

function statusOf(error: unknown): number {
  if (error instanceof DomainError) return error.status;
  if (error instanceof HttpException) return error.getStatus();
  return 500;
}

function isLockTimeout(error: unknown): boolean {
  return (
    error instanceof QueryFailedError && (error.driverError as { code?: string }).code === LOCK_NOT_AVAILABLE
  );
}

interface StoredRefusal {
  message: string;
  code?: string;
  status: number;
  fields?: Record<string, string>;
}

type Outcome =
  | { kind: 'answered'; value: unknown }
  | { kind: 'refused'; error: unknown }
  | { kind: 'seen'; record: IdempotencyRecord };

/** The request and reply of a call to an `@Idempotent()` route (see `Idempotent`). */
export interface IdempotentCall {
  request: AuthenticatedRequest;
  reply: FastifyReply;
}

/**
 * Optional `Idempotency-Key` on the routes that move money (`@Idempotent()`): the first request with a
 * key runs and its answer (success or refusal) is stored; a retry with the same key gets that same answer
 * without running again; the same key with a different request is a 409 idempotency_key_reused.
 *
 * Crash safety: the claim of the key, the operation and the stored answer are ONE transaction
 * (`inUnitOfWork`: the services' `Transactor.run` joins it under a savepoint, and `Transactor.read` reads
 * the response through it too). If the process or the database dies anywhere in between, PostgreSQL rolls all of it
 * back, so no key is ever left "in progress" and the retry simply runs the operation — exactly once. A
 * duplicate sent while the first is running waits on the first one's uncommitted claim (INSERT … ON
 * CONFLICT waits for the other transaction) and then replays its answer, or runs if the first rolled
 * back; after DUPLICATE_WAIT it gets 409 idempotency_in_progress. A refusal (4xx) rolls back the
 * operation's savepoint and commits the key with the refusal; a server error (5xx) rolls back
 * everything, key included, so the client may retry. Keys are forgotten after 24 hours
 * (IdempotencyCleanupJob).
 */
@Injectable()
export class IdempotentRequests {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `handle` (the route's handler) once per key: at once when the request carries no key, which is
   * most requests; otherwise as described above.
   */
  run(call: IdempotentCall, handle: () => Promise<unknown>): Promise<unknown> {
    const key = call.request.headers[HEADER];
    if (key === undefined || !call.request.authUser) return handle();
    return this.once(call, String(key), handle);
  }

  private async once(
    { request, reply }: IdempotentCall,
    key: string,
    handle: () => Promise<unknown>,
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
    let outcome: Outcome;
    try {
      outcome = await inUnitOfWork(this.dataSource, async (manager): Promise<Outcome> => {
        await manager.query(`SET LOCAL lock_timeout = '${DUPLICATE_WAIT}'`);
        const claimed = await manager.query<unknown[]>(
          `INSERT INTO idempotency_keys ("userId", key, fingerprint) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING key`,
          [userId, key, fingerprint],
        );
        await manager.query(`SET LOCAL lock_timeout TO DEFAULT`);
        const records = manager.getRepository(IdempotencyRecord);
        if (claimed.length === 0)
          return { kind: 'seen', record: await records.findOneByOrFail({ userId, key }) };
        try {
          // Its own savepoint: a refusal undoes the operation's writes but keeps the claim.
          const value = await inTransaction<unknown>(this.dataSource, handle);
          await records.update({ userId, key }, { status: reply.statusCode, body: { value } });
          return { kind: 'answered', value };
        } catch (error) {
          const status = statusOf(error);
          if (status >= 500) throw error;
          await records.update({ userId, key }, { status, body: { error: this.describe(error, status) } });
          return { kind: 'refused', error };
        }
      });
    } catch (error) {
      if (isLockTimeout(error)) {
        throw new ConflictError(
          'A request with this Idempotency-Key is still being processed',
          'idempotency_in_progress',
        );
      }
      throw error;
    }
    if (outcome.kind === 'answered') return outcome.value;
    if (outcome.kind === 'refused') throw outcome.error;
    return this.replay(reply, outcome.record, fingerprint);
  }

  private replay(reply: FastifyReply, record: IdempotencyRecord, fingerprint: string): unknown {
    if (record.fingerprint !== fingerprint) {
      throw new ConflictError(
        'This Idempotency-Key was already used for a different request',
        'idempotency_key_reused',
      );
    }
    if (record.status === null || record.body === null) {
      // Claims commit only with their answer, so this is unreachable since migration
      // IdempotencyClaimsCommitWithAnswer removed the claims the old design could leave behind.
      throw new ConflictError(
        'A request with this Idempotency-Key is still being processed',
        'idempotency_in_progress',
      );
    }
    const stored = record.body as { value?: unknown; error?: StoredRefusal };
    if (stored.error) {
      throw new ReplayedError(
        record.status,
        stored.error.message,
        stored.error.code ?? 'replayed',
        stored.error.fields,
      );
    }
    void reply.status(record.status);
    return stored.value;
  }

  private describe(error: unknown, status: number): StoredRefusal {
    if (error instanceof DomainError)
      return { message: error.message, code: error.code, status, fields: error.fields };
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
    fields?: Record<string, string>,
  ) {
    super(message, code, fields);
  }
}
