/**
 * Domain and HTTP-facing errors. Services throw these; api/plugins/errors.ts maps every error,
 * ours or Fastify's, to the contract's envelope in one place.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export interface FieldError {
  field: string;
  message: string;
  constraint: string;
}

export class ValidationError extends AppError {
  constructor(details: FieldError[], message = 'The request is not valid') {
    super(400, 'VALIDATION_ERROR', message, details);
  }
}
export class MalformedJsonError extends AppError {
  constructor() {
    super(400, 'MALFORMED_JSON', 'The request body is not valid JSON');
  }
}
export class InvalidSignatureError extends AppError {
  constructor(message = 'The webhook signature is missing, invalid or stale') {
    super(400, 'INVALID_SIGNATURE', message);
  }
}
export class UnauthenticatedError extends AppError {
  constructor(code = 'UNAUTHENTICATED', message = 'Authentication is required') {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this', details?: unknown, code = 'FORBIDDEN') {
    super(403, code, message, details);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'The resource does not exist') {
    super(404, 'NOT_FOUND', message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, details?: unknown, code = 'CONFLICT') {
    super(409, code, message, details);
  }
}
export class IdempotencyConflictError extends ConflictError {
  constructor(message: string) {
    super(message, undefined, 'IDEMPOTENCY_CONFLICT');
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(limit: number) {
    super(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${limit} bytes`);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(contentType?: string) {
    super(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Request bodies must be application/json${contentType ? `, not ${contentType}` : ''}`,
    );
  }
}
/** 422: a business rule. `code` is INVARIANT_VIOLATION or a domain code such as SETTLEMENT_EXCEEDS_COVER. */
export class DomainRuleError extends AppError {
  constructor(code: string, message: string, details?: unknown) {
    super(422, code, message, details);
  }
}
export class InvalidTransitionError extends AppError {
  constructor(
    readonly from: string,
    readonly action: string,
    readonly allowedFrom: readonly string[],
    entity = 'resource',
  ) {
    super(
      422,
      'INVALID_TRANSITION',
      `Cannot ${action} ${/^[aeiou]/.test(entity) ? 'an' : 'a'} ${entity} that is ${from}`,
      {
        from,
        action,
        allowedFrom,
      },
    );
  }
}
export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number, opts: { message?: string; details?: unknown } = {}) {
    super(429, 'RATE_LIMITED', opts.message ?? `Too many requests; retry in ${retryAfterSeconds} s`, opts.details, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}
export class NotReadyError extends AppError {
  constructor(details: unknown) {
    super(503, 'NOT_READY', 'The service is not ready', details);
  }
}
