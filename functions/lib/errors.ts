import type { ErrorCode } from '../shared/error-codes';

/**
 * Typed errors that use cases throw; use cases pick one of these classes, never a status number. The HTTP wrapper maps them to responses in one place;
 * anything else becomes a 500 with a generic message (the details go to the log only).
 */
export abstract class AppError extends Error {
  protected constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, fields?: Record<string, string>, code: ErrorCode = 'bad_request') {
    super(400, code, message, fields);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in to continue.') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You cannot access this.', code: ErrorCode = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'conflict', fields?: Record<string, string>) {
    super(409, code, message, fields);
  }
}

/** The request is well formed but cannot be done as asked (e.g. an Idempotency-Key reused for another request). */
export class UnprocessableError extends AppError {
  constructor(message: string, code: ErrorCode) {
    super(422, code, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(
    limitBytes: number,
    message = `The request body is larger than ${limitBytes} bytes.`,
    code: ErrorCode = 'payload_too_large',
  ) {
    super(413, code, message);
  }
}

/** A plan's quota is used up (no retry time: it renews with the plan's period). */
export class QuotaExceededError extends AppError {
  constructor(message: string, code: ErrorCode) {
    super(429, code, message);
  }
}

/** A link or token that worked once and no longer does. */
export class GoneError extends AppError {
  constructor(message: string, code: ErrorCode) {
    super(410, code, message);
  }
}

/** A provider (Strava, Google) failed or answered something unusable. */
export class UpstreamError extends AppError {
  constructor(message: string, code: ErrorCode) {
    super(502, code, message);
  }
}

/** A provider could not be reached at all. */
export class UpstreamUnreachableError extends AppError {
  constructor(message: string, code: ErrorCode) {
    super(503, code, message);
  }
}

/** Anything unexpected: the details go to the log only. */
export class InternalError extends AppError {
  constructor() {
    super(500, 'internal_error', 'Something went wrong on our side. Please try again.');
  }
}

/** A fault on our or a provider's side (worth retrying), not a problem with the user's own request or state. */
export function isServerFault(error: AppError): boolean {
  return error instanceof InternalError || error instanceof UpstreamError || error instanceof UpstreamUnreachableError;
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'rate_limited',
  ) {
    super(429, code, message);
  }
}
