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

  /**
   * Rows that are a whole change by themselves (the registry intake's group commit), with an audit
   * entry for each row that went in and one outbox job naming those that need it, written by ONE
   * statement that commits on its own: one round trip, where a transaction takes four (BEGIN, the
   * rows, audit and outbox, COMMIT). All or nothing, as a transaction. Answers the keys inserted.
   */
  async insertAll<R extends Record<string, unknown>>(ctx: WriteContext, spec: InsertAll<R>): Promise<Set<string>> {
    const { table, key, columns, rows, job } = spec;
    const occurredAt = new Date();
    const audit = rows.map((row) => {
      const { commit_seq: _, ...entry } = auditRow(ctx, spec.audit(row), occurredAt);
      return { ...entry, key: String(row[key]) };
    });
    const items = job
      ? rows.filter(job.needs).map((row, ord) => ({ key: String(row[key]), ord, item: job.item(row) }))
      : [];
    const outbox =
      job && items.length
        ? outboxRow(ctx, { ...job, payload: { ...job.payload, [job.list]: items.map((i) => i.item) } })
        : undefined;
    // The job as it would be written with every row in: refused before anything is, like any unit of work's.
    if (outbox) this.checkJob(outbox.queue, outbox.job_name, outbox.payload);
    const names = Object.keys(columns);
    const list = sql.join(names.map((c) => sql.id(c)));
    const recordset = sql.raw(names.map((c) => `"${c}" ${columns[c as keyof R & string]}`).join(', '));
    const { rows: inserted } = await sql<{ key: string }>`
      with ins as (
        insert into ${sql.table(table)} (${list})
        select ${list} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${recordset})
        on conflict (${sql.id(key)}) do nothing
        returning ${sql.id(key)}::text as key
      ),
      audited as (
        insert into audit_entries (id, commit_seq, actor, action, subject_type, subject_id, request_id, correlation_id, ip, summary, occurred_at)
        select a.id, nextval('audit_commit_seq'), a.actor, a.action, a.subject_type, a.subject_id, a.request_id, a.correlation_id, a.ip, a.summary, a.occurred_at
        from jsonb_to_recordset(${JSON.stringify(audit)}::jsonb) as a(key text, id uuid, actor text, action text,
          subject_type text, subject_id text, request_id text, correlation_id text, ip text, summary jsonb, occurred_at timestamptz)
        join ins on ins.key = a.key
      ),
      queued as (
        insert into outbox (id, queue, job_name, payload)
        select ${outbox?.id ?? null}::uuid, ${outbox?.queue ?? null}, ${outbox?.job_name ?? null},
          jsonb_set(${JSON.stringify(outbox?.payload ?? {})}::jsonb, ${`{${job?.list ?? 'items'}}`}::text[], jsonb_agg(j.item order by j.ord))
        from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as j(key text, ord int, item jsonb)
        join ins on ins.key = j.key
        having count(*) > 0
      )
      select key from ins`.execute(db(this.orm.em.fork()));
    return new Set(inserted.map((r) => r.key));
  }
}

/**
 * Rows that are a whole change by themselves, written by `UnitOfWork.insertAll`: inserted unless their
 * key is taken, each with its audit entry, and one job listing those that need one.
 */
export interface InsertAll<R extends Record<string, unknown>> {
  table: string;
  /** The unique column: a row whose key is taken is skipped, with its audit entry and its place in the job. */
  key: keyof R & string;
  /** Every column written, with its PostgreSQL type. */
  columns: Record<keyof R & string, string>;
  rows: R[];
  audit: (row: R) => AuditInput;
  /** The job for the rows inserted that `needs` one: `payload` with the `list` of their `item`s. */
  job?: {
    queue: string;
    name: string;
    payload: Record<string, unknown>;
    list: string;
    item: (row: R) => object;
    needs: (row: R) => boolean;
  };
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

/** An outbox row: each job carries the ids of the request that caused it, for the worker's log lines and audit entries. */
function outboxRow(ctx: WriteContext, j: JobInput) {
  return { id: uuidv7(), queue: j.queue, job_name: j.name, payload: withTrace(j.payload, traceOf(ctx)) };
}

/**
 * An audit entry's row. No lock: audited transactions commit in parallel. PostgreSQL stamps each entry
 * with its transaction's id (tx_id), and the chainer orders by it once that transaction has ended.
 */
function auditRow(ctx: WriteContext, e: AuditInput, occurredAt: Date) {
  return {
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
  };
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
  const outbox = jobs.map((j) => outboxRow(ctx, j));
  const occurredAt = new Date();
  const audit = entries.map((e) => auditRow(ctx, e, occurredAt));
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
