import { sql } from 'kysely';
import { db } from '../db/database.js';
import type { Orm } from '../db/orm.js';
import type { QueueSet } from '../kernel/queue-set.js';
import { liveWorkers } from './heartbeats.js';

export type JobState = 'waiting' | 'prioritized' | 'active' | 'delayed' | 'failed' | 'completed';
export const JOB_STATES: readonly JobState[] = ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'];

/** What the whole service is doing now, as every process sees it: queues, workers, and the two backlogs. */
export interface SystemState {
  queues: Record<string, Record<JobState, number>>;
  /** Worker processes heard of within the last three heartbeats, per queue. */
  liveWorkers: Record<string, number>;
  /** Outbox rows not yet moved to their queue, and the age of the oldest (0 when none). */
  outbox: { pending: number; lagSeconds: number };
  /** Audit entries not yet chained, and the age of the oldest (0 when none). */
  audit: { unchained: number; lagSeconds: number };
}

/** Reads the system's state: two indexed SQL reads and one Redis round trip per queue. */
export async function readSystemState(orm: Orm, queues: QueueSet): Promise<SystemState> {
  const names = [...queues.queues.keys()];
  const em = orm.em.fork();
  const lag = (column: 'created_at' | 'occurred_at') =>
    sql<number>`coalesce(extract(epoch from now() - min(${sql.ref(column)})), 0)::float8`;
  const [counts, live, outbox, audit] = await Promise.all([
    Promise.all(names.map((name) => queues.get(name).getJobCounts(...JOB_STATES))),
    liveWorkers(queues.connection, queues.prefix, names),
    db(em)
      .selectFrom('outbox')
      .select((eb) => [eb.fn.countAll<number>().as('pending'), lag('created_at').as('lagSeconds')])
      .where('dispatched_at', 'is', null)
      .executeTakeFirstOrThrow(),
    // Unchained: after the chain head's place in transaction order (shared/domain/audit/chain.ts).
    db(em)
      .selectFrom('audit_entries')
      .select((eb) => [eb.fn.countAll<number>().as('unchained'), lag('occurred_at').as('lagSeconds')])
      .where(
        sql<boolean>`(tx_id, commit_seq) > (select last_tx_id, last_commit_seq from audit_chain_head where singleton)`,
      )
      .executeTakeFirstOrThrow(),
  ]);
  return {
    queues: Object.fromEntries(
      names.map((name, i) => [name, Object.fromEntries(JOB_STATES.map((s) => [s, counts[i][s] ?? 0]))]),
    ) as SystemState['queues'],
    liveWorkers: live,
    outbox: { pending: Number(outbox.pending), lagSeconds: Number(outbox.lagSeconds) },
    audit: { unchained: Number(audit.unchained), lagSeconds: Number(audit.lagSeconds) },
  };
}

/**
 * Why the service is degraded (still serving, but someone should look), or nothing: a queue with work
 * and no live worker, or an outbox or audit backlog older than `lagAlertSeconds`.
 */
export function problemsOf(state: SystemState, lagAlertSeconds: number): string[] {
  const problems: string[] = [];
  for (const [queue, counts] of Object.entries(state.queues)) {
    const work = counts.waiting + counts.prioritized + counts.active;
    if (work > 0 && !state.liveWorkers[queue]) problems.push(`queue ${queue} has ${work} job(s) and no live worker`);
  }
  if (state.outbox.lagSeconds > lagAlertSeconds)
    problems.push(
      `outbox: oldest of ${state.outbox.pending} unrelayed row(s) is ${Math.round(state.outbox.lagSeconds)} s old`,
    );
  if (state.audit.lagSeconds > lagAlertSeconds)
    problems.push(
      `audit: oldest of ${state.audit.unchained} unchained entr(ies) is ${Math.round(state.audit.lagSeconds)} s old`,
    );
  return problems;
}

/**
 * The system state read at most once per `freshMs` and per process, however often /health (public,
 * outside every rate limit) and /metrics are asked: a flood of probes costs no more queries than one
 * read per window (and probes at the same moment share one read even with no window).
 */
export function sharedSystemState(read: () => Promise<SystemState>, freshMs: number): () => Promise<SystemState> {
  let last: { at: number; state: Promise<SystemState> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= freshMs) {
      const state = read();
      last = { at: now, state };
      const forget = () => {
        if (last?.state === state) last = undefined;
      };
      // A failed read is not kept; with no window, a finished one is not either.
      state.then(() => freshMs === 0 && forget(), forget);
    }
    return last.state;
  };
}
