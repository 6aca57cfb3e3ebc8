import type { EntityManager } from '@mikro-orm/postgresql';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Config } from '../config/index.js';
import { type Database, db } from '../db/database.js';
import type { Orm } from '../db/orm.js';
import type { Logger } from '../logger.js';
import { type Clock, today } from './clock.js';
import { type Outcome, SYSTEM_ACTOR, type UnitOfWork, type WriteContext } from './unit-of-work.js';

/** Candidates: a select over the swept table, narrowed to the items still to do. */
export type Candidates<T extends keyof Database> = SelectQueryBuilder<Database, T, Record<never, never>>;

/** When a sweep runs, by the service's clock: due means due at this instant, on this day (UTC). */
export interface SweepTime {
  now: Date;
  today: string;
}

/** A scheduled sweep: which rows are due, and the change that makes each one done. */
export interface Sweep<T extends keyof Database> {
  /** Names the sweep in logs. */
  name: string;
  /** The entity table swept: its rows are claimed and locked. */
  table: T;
  /** A unique, non-null column batches advance by (default `id`; uuid v7 ids sort by creation). */
  key?: keyof Database[T] & string;
  /**
   * The items still to do, as conditions on `from`: a done item must no longer match, which makes
   * the sweep resumable. Used for each claim and again for each item under its lock. Conditions on
   * other tables go in `exists` subqueries, so that only this table's rows are locked.
   */
  candidates: (from: Candidates<T>, at: SweepTime) => Candidates<T>;
  /**
   * One item's change, in its own unit of work; the row is locked by this transaction and still a
   * candidate, so load it without a lock mode. Its audit entries and jobs commit with it.
   */
  apply: (em: EntityManager, id: string) => Promise<Outcome<unknown>>;
}

/** What a sweep uses of the services' deps (config for the sweeps that read a setting). */
export interface SweepDeps {
  orm: Orm;
  uow: UnitOfWork;
  log: Logger;
  config: Config;
  clock: Clock;
}

/** Rows a scheduled sweep claims at a time: 100,000 due items are worked through without loading them all. */
export const SWEEP_BATCH = 500;

export interface SweepOptions {
  /** Rows claimed at a time: the most the sweep ever holds in memory. */
  batchSize?: number;
  /** Who acts in the audit entries: `systemAct(job.id)` from a job; the system by default. */
  act?: WriteContext;
  /** Called with each claimed batch before its items run (metrics, tests); an error stops the sweep. */
  onBatch?: (ids: string[]) => void | Promise<void>;
}

export interface SweepResult {
  /** Items changed, each in its own committed unit of work. */
  processed: number;
  /** Items whose unit of work threw (rolled back, left for the next run); see `failures`. */
  failed: number;
  /** Claimed items another transaction held or that stopped being candidates: nothing done. */
  skipped: number;
  /** The first failures, id and message (all are logged). */
  failures: { id: string; error: string }[];
}

const REPORTED_FAILURES = 100;

/**
 * Runs a sweep to the end of its candidates, batch by batch in key order.
 *
 * The claim and the item's change are separate transactions. The claim (one statement, FOR UPDATE
 * SKIP LOCKED, locks released at once) only picks the next batch past rows someone is changing now;
 * each item's unit of work then re-locks its row with SKIP LOCKED and re-checks `candidates`, so a
 * concurrent sweep or user action can never make it apply twice, and a crash loses at most the item
 * in flight. A row skipped (locked elsewhere) or failed is left for the next run.
 */
export async function sweep<T extends keyof Database>(
  deps: Pick<SweepDeps, 'orm' | 'uow' | 'log' | 'clock'>,
  spec: Sweep<T>,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const batchSize = options.batchSize ?? 100;
  const act = options.act ?? { actor: SYSTEM_ACTOR };
  const key = sql.ref(`${spec.table}.${spec.key ?? 'id'}`);
  // One instant for the whole run: an item due when it started is due to its end.
  const now = deps.clock.now();
  const at: SweepTime = { now, today: today(deps.clock) };
  const candidates = (em: EntityManager) => {
    // A table given as a type parameter is beyond Kysely's selectFrom typing; the spec's conditions are typed.
    const from = db(em).selectFrom(spec.table) as unknown as Candidates<T>;
    return spec.candidates(from, at).select(key.as('id')) as unknown as SelectQueryBuilder<Database, T, { id: string }>;
  };
  const result: SweepResult = { processed: 0, failed: 0, skipped: 0, failures: [] };
  let after: string | undefined;

  for (;;) {
    const claimed = await candidates(deps.orm.em.fork())
      .$if(after !== undefined, (q) => q.where(sql<boolean>`${key} > ${after}`))
      .orderBy(key)
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    const ids = claimed.map((row) => row.id);
    if (!ids.length) return result;
    await options.onBatch?.(ids);
    for (const id of ids) {
      try {
        const applied = await deps.uow.run(act, async (em) => {
          const still = await candidates(em)
            .where(sql<boolean>`${key} = ${id}`)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst();
          if (!still) return { result: false, audit: [] };
          const { audit, jobs, events, publish } = await spec.apply(em, id);
          return { result: true, audit, jobs, events, publish };
        });
        if (applied) result.processed++;
        else result.skipped++;
      } catch (err) {
        result.failed++;
        const error = (err as Error).message;
        if (result.failures.length < REPORTED_FAILURES) result.failures.push({ id, error });
        deps.log.warn({ sweep: spec.name, id, err }, 'sweep item failed; left for the next run');
      }
    }
    if (ids.length < batchSize) return result;
    after = ids.at(-1);
  }
}

/** A sweep job's end line: `swept('expired', 'quotations')` says "expired 12 quotations" (and what failed or was skipped). */
export const swept =
  (verb: string, noun: string) =>
  ({ processed, failed, skipped }: SweepResult): string =>
    [`${verb} ${processed} ${noun}`, failed && `${failed} failed`, skipped && `${skipped} skipped`]
      .filter(Boolean)
      .join(', ');
