import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../database/database-unavailable.js';
import { DomainError } from '../errors/domain-error.js';
import { errorBody, type ErrorBody } from './error-body.js';

interface FastifyError {
  statusCode?: number;
  code?: string;
  message: string;
}

function isClientFastifyError(error: unknown): error is FastifyError {
  if (typeof error !== 'object' || error === null) return false;
  const { statusCode, code } = error as FastifyError;
  return (
    typeof code === 'string' && code.startsWith('FST_') && typeof statusCode === 'number' && statusCode < 500
  );
}

function httpExceptionBody(exception: HttpException): ErrorBody {
  const status = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'string') return errorBody(status, response);
  const { message, fields } = response as { message?: unknown; fields?: Record<string, string> };
  const text = Array.isArray(message)
    ? message.join('; ')
    : typeof message === 'string'
      ? message
      : exception.message;
  return errorBody(status, text, fields ? { fields } : {});
}

/**
 * Maps every error to one JSON shape. Domain errors and HTTP exceptions keep their status and message
 * (a domain 503 means a dependency is down, logged as a warning with its cause); anything else is a bug
 * and becomes an opaque 500 carrying the request id, logged with its stack.
 */
/** Its lines go through the request's own logger (reqId, userId), named as Nest's would be. */
const LOG_CONTEXT = 'Exceptions';

export const DATABASE_UNAVAILABLE =
  'Betwixt cannot reach its database right now. Please try again in a few seconds.';
/** Seconds a client should wait before retrying an answer that did not say (a restart takes a few). */
export const DEFAULT_RETRY_AFTER_SECONDS = { 429: 60, 503: 5 } as const;

/**
 * Every 429 and 503 tells the client when to retry in the standard header. @nestjs/throttler names its
 * header per limit (Retry-After-ip, Retry-After-account): the longest of those wins.
 */
function setRetryAfter(reply: FastifyReply, status: number): void {
  if (status !== 429 && status !== 503) return;
  if (reply.getHeader('retry-after') !== undefined) return;
  const named = Object.entries(reply.getHeaders())
    .filter(([name]) => name.toLowerCase().startsWith('retry-after-'))
    .map(([, value]) => Number(value))
    .filter((seconds) => Number.isFinite(seconds) && seconds > 0);
  const seconds = named.length > 0 ? Math.ceil(Math.max(...named)) : DEFAULT_RETRY_AFTER_SECONDS[status];
  void reply.header('Retry-After', String(seconds));
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const body = this.toBody(exception, String(request.id));
    if (body.code === 'database_unavailable') {
      request.log.warn({ err: exception, url: request.url, context: LOG_CONTEXT }, DATABASE_UNAVAILABLE);
    } else if (exception instanceof DomainError && body.statusCode >= 500) {
      // An expected outage (a dependency is down): the cause is worth a warning, not a bug report.
      request.log.warn(
        { err: exception.cause ?? exception, url: request.url, context: LOG_CONTEXT },
        exception.message,
      );
    } else if (body.statusCode >= 500) {
      request.log.error({ err: exception, url: request.url, context: LOG_CONTEXT }, 'Unhandled error');
    }
    setRetryAfter(reply, body.statusCode);
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private toBody(exception: unknown, requestId: string): ErrorBody {
    if (exception instanceof DomainError) {
      return errorBody(exception.status, exception.message, {
        code: exception.code,
        ...(exception.fields ? { fields: exception.fields } : {}),
      });
    }
    if (exception instanceof HttpException) return httpExceptionBody(exception);
    if (isClientFastifyError(exception)) {
      const message =
        exception.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || exception.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON'
          : exception.message;
      return errorBody(exception.statusCode ?? 400, message);
    }
    if (exception instanceof SyntaxError) return errorBody(400, 'The request body is not valid JSON');
    if (isDatabaseUnavailable(exception))
      return errorBody(503, DATABASE_UNAVAILABLE, { code: 'database_unavailable' });
    return errorBody(500, 'Something went wrong on our side. Please try again.', { requestId });
  }
}
