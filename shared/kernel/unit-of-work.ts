import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm.js';
import { type InsertAll, insertAll } from './insert-all.js';
import { type PublishInput, writePublished } from './published-events.js';
import type { AuditInput, EventInput, JobCheck, JobInput, WriteContext } from './write-context.js';
import { writeEvents, writeOutboxAndAudit } from './write-rows.js';

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
  /** Integration events it publishes (GET /events, outbound webhooks), each with the resource as it now is. */
  publish?: PublishInput[];
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
      if (done.publish?.length) await writePublished(tx, ctx, done.publish);
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

  /** Rows that are a whole change by themselves, in one statement (insert-all.ts). */
  insertAll<R extends Record<string, unknown>, I extends object>(
    ctx: WriteContext,
    spec: InsertAll<R, I>,
  ): Promise<Set<string>> {
    return insertAll(this.orm.em.fork(), this.checkJob, ctx, spec);
  }
}

export type {
  Actor,
  AnswerRecord,
  AuditInput,
  CommitGate,
  EventInput,
  JobCheck,
  JobInput,
  WriteContext,
} from './write-context.js';
export { ANONYMOUS_ACTOR, SYSTEM_ACTOR, WEBHOOK_ACTOR } from './write-context.js';
export type { InsertAll };
