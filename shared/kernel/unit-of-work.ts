import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../db/database.js';
import type { Orm } from '../db/orm.js';
import { uuidv7 } from './ids.js';
import { traceOf, withTrace } from './trace.js';

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
}

/** The request's time ran out and it was answered already: its change rolled back. */
export class RequestTimedOutError extends Error {
  constructor() {
    super('The request timed out before its change committed; the change was rolled back');
    this.name = 'RequestTimedOutError';
  }
}

interface OutcomeParts {
  audit: AuditInput | AuditInput[];
  jobs?: JobInput[];
  /** Domain events the change appends to record streams (a policy's timeline, a claim's history). */
  events?: EventInput[];
  /**
   * The request fails, but what the work did must still be committed (a failed-attempt counter, a
   * family revoked on refresh-token reuse). Committed with its audit and jobs, never stored as the
   * idempotent response, and thrown once the transaction has committed.
   */
  failure?: Error;
}

/**
 * What a unit of work returns: its answer as `result`, or as `answer`, read once the events are
 * written (for answers that show them, such as a claim with its history). `audit` is required (an
 * empty list only where nothing changed, such as a job that found its work already done).
 */
export type Outcome<T> = OutcomeParts &
  ({ result: T; answer?: undefined } | { result?: undefined; answer: (em: EntityManager) => Promise<T> });

/** Runs once a unit of work has committed, with the transaction's entity manager (e.g. to publish what changed). */
export type AfterCommit = (tx: EntityManager) => Promise<void>;

/** Refuses a job the catalogue does not know, or whose payload does not match it (throws). */
export type JobCheck = (queue: string, name: string, payload: unknown) => void;

/** Without a catalogue to check them against, a unit of work writes no job at all. */
const noJobs: JobCheck = (queue, name) => {
  throw new Error(`This unit of work has no job catalogue: job ${queue}.${name} refused`);
};

export class UnitOfWork {
  private readonly checkJob: JobCheck;
  private readonly afterCommit?: AfterCommit;

  constructor(
    private readonly orm: Orm,
    options: { checkJob?: JobCheck; afterCommit?: AfterCommit } = {},
  ) {
    this.checkJob = options.checkJob ?? noJobs;
    this.afterCommit = options.afterCommit;
  }

  /**
   * One PostgreSQL transaction: the change made by `work`, then its domain events, its idempotency
   * record and, last, its outbox rows and audit entries (one statement for both). Either all of them
   * are committed or none is.
   */
  async run<T>(ctx: WriteContext, work: (em: EntityManager) => Promise<Outcome<T>>): Promise<T> {
    const em = this.orm.em.fork();
    let recorded = false;
    let committed: EntityManager | undefined;
    let entered = false;
    const commit = async (tx: EntityManager) => {
      committed = tx;
      const done = await work(tx);
      // Refused before anything is written: the transaction rolls back with the change that made it.
      for (const j of done.jobs ?? []) this.checkJob(j.queue, j.name, j.payload);
      await tx.flush();
      if (done.events?.length) await writeEvents(tx, ctx, done.events);
      const result = done.answer ? await done.answer(tx) : (done.result as T);
      // Only the first successful unit of work of a request completes its idempotency claim.
      if (ctx.idempotency && !done.failure) recorded = await ctx.idempotency.record(tx, result);
      const entries = Array.isArray(done.audit) ? done.audit : [done.audit];
      await writeOutboxAndAudit(tx, ctx, done.jobs ?? [], entries);
      // Last: a request whose time ran out (it was answered 503) rolls back rather than commit after.
      if (ctx.gate) {
        entered = ctx.gate.enter();
        if (!entered) throw new RequestTimedOutError();
      }
      return { result, failure: done.failure };
    };
    let outcome: { result: T; failure?: Error };
    let done = false;
    try {
      outcome = await em.transactional(commit);
      done = true;
    } finally {
      if (entered) ctx.gate?.leave(done);
    }
    // Also after a committed failure: what it wrote (a revoked family, a lock) must be seen.
    if (this.afterCommit && committed) await this.afterCommit(committed);
    if (outcome.failure) throw outcome.failure;
    if (recorded) ctx.idempotency?.committed();
    return outcome.result;
  }
}

async function writeEvents(em: EntityManager, ctx: WriteContext, events: EventInput[]): Promise<void> {
  await db(em)
    .insertInto('domain_events')
    .values(
      events.map((e) => ({
        stream_type: e.stream.type,
        stream_id: e.stream.id,
        type: e.type,
        subject_type: e.subjectType,
        subject_id: e.subjectId,
        actor: ctx.actor,
        request_id: ctx.requestId ?? null,
        data: e.data ?? {},
      })),
    )
    .execute();
}

/**
 * Every write pays for this, so one round trip: the outbox rows (a trigger wakes the relay, see
 * Migration20261124000200) and the audit entries, as one statement when there are both.
 */
async function writeOutboxAndAudit(
  em: EntityManager,
  ctx: WriteContext,
  jobs: JobInput[],
  entries: AuditInput[],
): Promise<void> {
  // Each job carries the ids of the request that caused it, for the worker's log lines and audit entries.
  const trace = traceOf(ctx);
  const outbox = jobs.map((j) => ({
    id: uuidv7(),
    queue: j.queue,
    job_name: j.name,
    payload: withTrace(j.payload, trace),
  }));
  // No lock: audited transactions commit in parallel. PostgreSQL stamps each entry with its
  // transaction's id (tx_id), and the chainer orders by it once that transaction has ended.
  const occurredAt = new Date();
  const audit = entries.map((e) => ({
    id: uuidv7(),
    commit_seq: sql<string>`nextval('audit_commit_seq')`,
    actor: ctx.actor,
    action: e.action,
    subject_type: e.subjectType,
    subject_id: e.subjectId ?? null,
    request_id: (e.request ?? ctx).requestId ?? null,
    correlation_id: (e.request ?? ctx).correlationId ?? null,
    ip: (e.request ?? ctx).ip ?? null,
    summary: e.summary ?? {},
    occurred_at: occurredAt,
  }));
  const k = db(em);
  if (outbox.length && audit.length)
    await k
      .with('queued', (q) => q.insertInto('outbox').values(outbox).returning('id'))
      .insertInto('audit_entries')
      .values(audit)
      .execute();
  else if (outbox.length) await k.insertInto('outbox').values(outbox).execute();
  else if (audit.length) await k.insertInto('audit_entries').values(audit).execute();
}
