import { DomainError, type ErrorKind } from '../../shared/kernel/errors.js';

/** The HTTP status of each kind of domain error: the one place the domain meets HTTP's numbers. */
const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rule: 422,
  rate_limited: 429,
  unavailable: 503,
};

/** An error as the envelope sends it: status, code, message, details and headers. */
export class HttpError extends Error {
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

  static of(error: DomainError): HttpError {
    const headers =
      error.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(error.retryAfterSeconds) };
    return new HttpError(STATUS[error.kind], error.code, error.message, error.details, headers);
  }
}

/** Errors of the wire itself, which no service raises. */
export const malformedJson = () => new HttpError(400, 'MALFORMED_JSON', 'The request body is not valid JSON');
export const payloadTooLarge = (limit: number) =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${limit} bytes`);
export const unsupportedMediaType = (contentType?: string) =>
  new HttpError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `Request bodies must be application/json${contentType ? `, not ${contentType}` : ''}`,
  );

/** Seconds a client is asked to wait when the database is unavailable: a restart or failover takes a few. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

/**
 * 503 SERVICE_UNAVAILABLE with Retry-After: the request changed nothing and will likely work if sent
 * again shortly (PostgreSQL unreachable or out of connections; the process shutting down).
 */
export const serviceUnavailable = (
  message = 'The database is unavailable; nothing was changed, retry shortly',
  retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_S,
) => new HttpError(503, 'SERVICE_UNAVAILABLE', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** A domain error or an HTTP one, as the envelope sends it; undefined for anything else. */
export const asHttpError = (error: unknown): HttpError | undefined =>
  error instanceof HttpError ? error : error instanceof DomainError ? HttpError.of(error) : undefined;

/** The codes of the wire's own errors, which no service raises, with their status. */
export const WIRE_ERRORS = {
  MALFORMED_JSON: { status: 400, means: 'The body is not valid JSON (or nests deeper than the service reads).' },
  PAYLOAD_TOO_LARGE: { status: 413, means: 'The body is larger than the route takes.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, means: 'A body that is not application/json.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    means: 'PostgreSQL cannot be reached or has no connection free now; nothing was changed, retry after Retry-After.',
  },
  INTERNAL_ERROR: { status: 500, means: 'An unexpected error; quote the requestId when reporting it.' },
} as const;

/** The HTTP status every error of a kind answers with. */
export const statusOf = (kind: ErrorKind): number => STATUS[kind];
