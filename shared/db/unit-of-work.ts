import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../ids.js';
import type { QueueName } from '../queues/names.js';
import type { Orm } from './orm.js';

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
}

export interface JobInput {
  queue: QueueName;
  name: string;
  /** Ids, not personal data. */
  payload: Record<string, unknown>;
}

/** What the response of a request will be, so the idempotency record is stored with the change. */
export interface RenderedResponse { status: number; body: unknown }

export interface IdempotencyCompletion {
  /** Stores the response inside the change's transaction. */
  complete(em: EntityManager, response: RenderedResponse): Promise<void>;
  render(result: unknown): RenderedResponse;
  /** Set once the transaction committed with the stored response. */
  stored?: RenderedResponse;
}

export interface WriteContext {
  actor: Actor;
  requestId?: string;
  ip?: string;
  idempotency?: IdempotencyCompletion;
}

/**
 * What a unit of work returns. `audit` is required: a change states its audit entries
 * (an empty list only where nothing changed, such as a job that found its work already done).
 */
export interface Outcome<T> {
  result: T;
  audit: AuditInput | AuditInput[];
  jobs?: JobInput[];
  /**
   * The request fails, but what the work did must still be committed (a failed-attempt counter, a
   * family revoked on refresh-token reuse). Committed with its audit and jobs, never stored as the
   * idempotent response, and thrown once the transaction has committed.
   */
  failure?: Error;
}

/**
 * Serialises the tail of audited transactions (audit insert to COMMIT). The lock is held until
 * COMMIT, so commit_seq, taken under it, is in commit order: whoever sees commit_seq N+1 also sees N.
 */
export const AUDIT_COMMIT_LOCK = 7_262_001;

export class UnitOfWork {
  constructor(private readonly orm: Orm) {}

  /**
   * One PostgreSQL transaction: the change made by `work`, then its outbox rows, its idempotency
   * record and, last, its audit entries. Either all of them are committed or none is.
   */
  async run<T>(ctx: WriteContext, work: (em: EntityManager) => Promise<Outcome<T>>): Promise<T> {
    const em = this.orm.em.fork();
    let rendered: RenderedResponse | undefined;
    const outcome = await em.transactional(async (tx) => {
      const done = await work(tx);
      await tx.flush();
      if (done.jobs?.length) await writeOutbox(tx, done.jobs);
      // Only the first successful unit of work of a request completes its idempotency claim.
      if (ctx.idempotency && !done.failure && !ctx.idempotency.stored) {
        rendered = ctx.idempotency.render(done.result);
        await ctx.idempotency.complete(tx, rendered);
      }
      const entries = Array.isArray(done.audit) ? done.audit : [done.audit];
      if (entries.length) await writeAudit(tx, ctx, entries);
      return done;
    });
    if (outcome.failure) throw outcome.failure;
    if (ctx.idempotency && rendered) ctx.idempotency.stored = rendered;
    return outcome.result;
  }
}

async function writeOutbox(em: EntityManager, jobs: JobInput[]): Promise<void> {
  const values = jobs.map(() => '(?, ?, ?, ?::jsonb)').join(', ');
  const params = jobs.flatMap((j) => [uuidv7(), j.queue, j.name, JSON.stringify(j.payload)]);
  await em.execute(`insert into outbox (id, queue, job_name, payload) values ${values}`, params);
  // Delivered at COMMIT; wakes the relay so jobs start without waiting for its next poll.
  await em.execute(`select pg_notify('outbox', '')`);
}

async function writeAudit(em: EntityManager, ctx: WriteContext, entries: AuditInput[]): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(${AUDIT_COMMIT_LOCK})`);
  const occurredAt = new Date().toISOString();
  const values = entries.map(() => `(?, nextval('audit_commit_seq'), ?, ?, ?, ?, ?, ?, ?::jsonb, ?::timestamptz)`).join(', ');
  const params = entries.flatMap((e) => [
    uuidv7(), ctx.actor, e.action, e.subjectType, e.subjectId ?? null, ctx.requestId ?? null, ctx.ip ?? null,
    JSON.stringify(e.summary ?? {}), occurredAt,
  ]);
  await em.execute(
    `insert into audit_entries (id, commit_seq, actor, action, subject_type, subject_id, request_id, ip, summary, occurred_at) values ${values}`,
    params,
  );
}
