/**
 * Domain errors: what went wrong, in the domain's words, with no HTTP in them. Services throw these;
 * api/http/errors.ts gives each kind its status, and api/plugins/errors.ts maps every error, these or
 * the framework's, to the contract's envelope in one place.
 */
export type ErrorKind =
  /** The input breaks a rule of its shape (a field, a signature). */
  | 'invalid'
  /** Nobody, or nobody valid, is signed in. */
  | 'unauthenticated'
  /** The caller may not do this. */
  | 'forbidden'
  /** Nothing by that id in the caller's view. */
  | 'not_found'
  /** The record is not in a state or version that allows it now. */
  | 'conflict'
  /** A business rule refuses it (INVARIANT_VIOLATION, INVALID_TRANSITION, a domain code). */
  | 'rule'
  /** Too many attempts: try again after `retryAfterSeconds`. */
  | 'rate_limited'
  /** A dependency is not there: try again later. */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** When the caller may try again, where the kind calls for it. */
    readonly retryAfterSeconds?: number,
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

export class ValidationError extends DomainError {
  constructor(details: FieldError[], message = 'The request is not valid') {
    super('invalid', 'VALIDATION_ERROR', message, details);
  }
}
export class InvalidSignatureError extends DomainError {
  constructor(message = 'The webhook signature is missing, invalid or stale') {
    super('invalid', 'INVALID_SIGNATURE', message);
  }
}
export class UnauthenticatedError extends DomainError {
  constructor(code = 'UNAUTHENTICATED', message = 'Authentication is required') {
    super('unauthenticated', code, message);
  }
}
export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission to do this', details?: unknown, code = 'FORBIDDEN') {
    super('forbidden', code, message, details);
  }
}
export class NotFoundError extends DomainError {
  constructor(message = 'The resource does not exist') {
    super('not_found', 'NOT_FOUND', message);
  }
}
export class ConflictError extends DomainError {
  constructor(message: string, details?: unknown, code = 'CONFLICT', retryAfterSeconds?: number) {
    super('conflict', code, message, details, retryAfterSeconds);
  }
}
export class IdempotencyConflictError extends ConflictError {
  /** `retryAfterSeconds`: the key is in use by a request still running, which will likely have answered by then. */
  constructor(message: string, retryAfterSeconds?: number) {
    super(message, undefined, 'IDEMPOTENCY_CONFLICT', retryAfterSeconds);
  }
}

/**
 * A request that outlived its Idempotency-Key claim: a retry took the key over, so this request's
 * change rolls back and the retry's stands.
 */
export class ClaimLostError extends IdempotencyConflictError {
  constructor() {
    super('A retry with this Idempotency-Key took it over after this request ran past its time; its answer stands');
  }
}
/** A business rule. `code` is INVARIANT_VIOLATION or a domain code such as SETTLEMENT_EXCEEDS_COVER. */
export class DomainRuleError extends DomainError {
  constructor(code: string, message: string, details?: unknown) {
    super('rule', code, message, details);
  }
}
export class InvalidTransitionError extends DomainError {
  constructor(
    readonly from: string,
    readonly action: string,
    readonly allowedFrom: readonly string[],
    entity = 'resource',
  ) {
    super(
      'rule',
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
export class RateLimitedError extends DomainError {
  constructor(retryAfterSeconds: number, opts: { message?: string; details?: unknown } = {}) {
    super(
      'rate_limited',
      'RATE_LIMITED',
      opts.message ?? `Too many requests; retry in ${retryAfterSeconds} s`,
      opts.details,
      retryAfterSeconds,
    );
  }
}
export class NotReadyError extends DomainError {
  constructor(details: unknown) {
    super('unavailable', 'NOT_READY', 'The service is not ready', details);
  }
}

export class NotLiveError extends DomainError {
  constructor(details: unknown) {
    super('unavailable', 'NOT_LIVE', 'The process cannot serve and will not recover by itself', details);
  }
}

/** What an error code means, and the kind of error it is (its HTTP status follows from the kind, in api/). */
export interface ErrorCodeSpec {
  kind: ErrorKind;
  means: string;
  /** The JSON schema of its `details`, where every answer with the code has that shape (OpenAPI shows it). */
  details?: Readonly<Record<string, unknown>>;
}

/** A domain's own error codes (`<domain>.errors.ts`); the error catalogue is the kernel's and every domain's. */
export const defineErrors = <const E extends Record<string, ErrorCodeSpec>>(codes: E): E => codes;

/** The codes of the kernel's errors, which every domain raises. */
export const KERNEL_ERRORS = defineErrors({
  VALIDATION_ERROR: {
    kind: 'invalid',
    means: 'The request breaks the schema or a field rule; `details` names each field.',
    details: {
      type: 'array',
      // Bounded by the fields a request within the body limit and the schemas' maxItems can hold.
      maxItems: 1000,
      description: 'One entry per offending field',
      items: {
        type: 'object',
        required: ['field', 'message', 'constraint'],
        properties: {
          field: {
            type: 'string',
            maxLength: 512,
            description: 'Where it was sent: body.email, query.limit, params.id',
          },
          message: { type: 'string', maxLength: 2000, description: 'For people; may change' },
          constraint: { type: 'string', maxLength: 64, description: 'The rule it breaks: required, format, enum, ...' },
        },
      },
    },
  },
  INVALID_SIGNATURE: { kind: 'invalid', means: 'A webhook delivery whose signature does not verify.' },
  UNAUTHENTICATED: { kind: 'unauthenticated', means: 'No valid access token was sent.' },
  FORBIDDEN: {
    kind: 'forbidden',
    means: 'The caller lacks a permission (`details.missingPermissions`) or a rule forbids them (`details.reason`).',
    details: {
      type: 'object',
      properties: {
        missingPermissions: {
          type: 'array',
          maxItems: 100,
          items: { type: 'string', maxLength: 64 },
          description: 'The permissions lacking',
        },
        reason: { type: 'string', maxLength: 64, description: 'The rule that forbids it, e.g. four_eyes' },
      },
    },
  },
  NOT_FOUND: { kind: 'not_found', means: 'No such record, or none the caller may see: the two answer alike.' },
  CONFLICT: { kind: 'conflict', means: 'The change collides with the current state (a duplicate name or number).' },
  IDEMPOTENCY_CONFLICT: {
    kind: 'conflict',
    means: 'An Idempotency-Key reused with another request, or while its first request is still running.',
  },
  INVALID_TRANSITION: {
    kind: 'rule',
    means: "The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.",
    details: {
      type: 'object',
      required: ['from', 'action', 'allowedFrom'],
      properties: {
        from: { type: 'string', maxLength: 64, description: 'The state the record is in' },
        action: { type: 'string', maxLength: 64, description: 'The action refused' },
        allowedFrom: {
          type: 'array',
          maxItems: 50,
          items: { type: 'string', maxLength: 64 },
          description: 'The states it is allowed from',
        },
      },
    },
  },
  INVARIANT_VIOLATION: { kind: 'rule', means: 'The change would break a business rule; the message says which.' },
  RATE_LIMITED: {
    kind: 'rate_limited',
    means: 'Too many requests or failed sign-ins; wait for `Retry-After` seconds.',
  },
  NOT_READY: { kind: 'unavailable', means: 'The service is starting or lost a dependency; readiness says which.' },
  NOT_LIVE: {
    kind: 'unavailable',
    means:
      'Liveness: the database pool has had requests waiting with no connection freed for LIVENESS_POOL_STALL_S; restart the process.',
  },
});
