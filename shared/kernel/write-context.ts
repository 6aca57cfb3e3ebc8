import type { EntityManager } from '@mikro-orm/postgresql';

// What a change is written with: who and which request made it, and the rows it writes beside itself.

/** Who did it: a user id, or one of the non-user actors. */
export type Actor = string;
export const SYSTEM_ACTOR = 'system';
export const WEBHOOK_ACTOR = 'webhook';
export const ANONYMOUS_ACTOR = 'anonymous';

export interface AuditInput {
  action: string;
  subjectType: string;
  subjectId?: string | null;
  /** What changed. Never passwords, tokens, secrets or codes. */
  summary?: Record<string, unknown>;
  /**
   * The request the entry belongs to, where one unit of work commits several requests at once (the
   * registry intake's group commit); otherwise the write context's.
   */
  request?: { requestId?: string; correlationId?: string; ip?: string };
}

/** An outbox row to write: a job for the workers, checked against the job catalogue before it is written. */
export interface JobInput {
  queue: string;
  name: string;
  /** Ids, not personal data. */
  payload: Record<string, unknown>;
}

/**
 * A domain event: one entry of a record's stream (a policy's timeline, a claim's history). Written by
 * the unit of work with the actor and request id of the change, in its transaction.
 */
export interface EventInput {
  stream: { type: 'policy' | 'claim'; id: string };
  /** e.g. `policy.issued`, `endorsement.approved`. */
  type: string;
  /** The record that changed (the policy itself, an endorsement, a claim, a renewal). */
  subjectType: string;
  subjectId: string;
  /** What a reader of the timeline needs; never secrets. */
  data?: Record<string, unknown>;
}

/**
 * The answer of a request, recorded with its change so that a retry with the same key replays it. The
 * edge that made the request decides what the answer is and where it is kept; the unit of work only
 * says when.
 */
export interface AnswerRecord {
  /**
   * Records the answer made from `result` in the change's transaction; false when an earlier unit of
   * work of the same request already recorded one. Throws (and so rolls the change back) when the
   * request no longer holds its claim: its lease ran out and a retry took the key over.
   */
  record(em: EntityManager, result: unknown): Promise<boolean>;
  /** The transaction holding the recorded answer has committed. */
  committed(): void;
}

export interface WriteContext {
  actor: Actor;
  /** The service's own id of the request (or the job) the change belongs to. */
  requestId?: string;
  /** The client's own id of that request (X-Correlation-Id or X-Request-Id), when it sent one. */
  correlationId?: string;
  ip?: string;
  /** The W3C trace context of the request's (or job's) span: the jobs the change produces continue its trace. */
  traceparent?: string;
  idempotency?: AnswerRecord;
  /** The request's time: when it has run out, the change rolls back instead of committing. */
  gate?: CommitGate;
}

/**
 * Whether a change may still commit: `enter` just before COMMIT (false once the request's time ran
 * out and it was answered), `leave` once the commit is done either way.
 */
export interface CommitGate {
  enter(): boolean;
  /** `committed`: the transaction committed (the request's answer must then be its own, not a timeout's). */
  leave(committed: boolean): void;
  /** Whether anyone still waits for the answer: false once the request timed out or its client went away. */
  waiting(): boolean;
}

/** Refuses a job the catalogue does not know, or whose payload does not match it (throws). */
export type JobCheck = (queue: string, name: string, payload: unknown) => void;
