/**
 * A rule of the product was not met. Services throw these with the user-facing message; the global
 * exception filter is the one place that turns them into HTTP answers.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  constructor(
    message: string,
    readonly code: string,
    /** Field-level messages, when the error is about specific input fields. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends DomainError {
  readonly status = 400;
  constructor(message: string, code = 'bad_request', fields?: Record<string, string>) {
    super(message, code, fields);
  }
}

export class UnauthorizedError extends DomainError {
  readonly status = 401;
  constructor(message = 'Not authenticated', code = 'unauthorized') {
    super(message, code);
  }
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  constructor(message = 'You are not allowed to do that', code = 'forbidden') {
    super(message, code);
  }
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  constructor(message = 'Not found', code = 'not_found') {
    super(message, code);
  }
}

/** The thing existed but was withdrawn on purpose (a revoked invite link), so the client can say so. */
export class GoneError extends DomainError {
  readonly status = 410;
  constructor(message: string, code = 'gone') {
    super(message, code);
  }
}

export class ConflictError extends DomainError {
  readonly status = 409;
  constructor(message: string, code = 'conflict', fields?: Record<string, string>) {
    super(message, code, fields);
  }
}

export class TooManyRequestsError extends DomainError {
  readonly status = 429;
  constructor(message = 'Too many attempts. Please wait a minute and try again.', code = 'rate_limited') {
    super(message, code);
  }
}

/** A dependency the request needs (e.g. the shared rate-limit store) is unreachable; retrying later helps. */
export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
  constructor(message: string, code = 'service_unavailable', cause?: unknown) {
    super(message, code);
    this.cause = cause;
  }
}
