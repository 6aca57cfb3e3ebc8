import { sql } from 'kysely';
import pg from 'pg';
import { db, jsonRows } from '../db/database.js';
import type { Orm } from '../db/orm.js';
import type { Logger } from '../logger.js';
import { withTimeout } from '../redis.js';
import type { JobMerge } from './jobs.js';
import { type OutboxRow, relayedJobs } from './outbox-jobs.js';
import type { QueueSet } from './queue-set.js';
import { ReplicatedAdds } from './replicated-add.js';

export interface OutboxRelayOptions {
  orm: Orm;
  queues: QueueSet;
  log: Logger;
  /** The LISTEN connection's URL: DATABASE_LISTEN_URL, a direct session (a transaction-mode pooler never delivers notifications). */
  databaseUrl: string;
  pollMs: number;
  batchSize?: number;
  /** How rows of a job merge into one job (the job catalogue's `mergeOf`); without it every row is its own job. */
  mergeOf?: (queue: string, name: string) => JobMerge | undefined;
}

/**
 * Moves committed outbox rows into BullMQ, at least once. The job id is the outbox row id, so a
 * row added twice (a crash between add and mark) is one job; rows of a job that merges, waiting
 * together, go as one job (outbox-jobs.ts). Rows are claimed with SKIP LOCKED,
 * so several relays share the work. A failed add (Redis down) leaves the row for the next pass.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private relistenTimer?: NodeJS.Timeout;
  /** A pass is failing (the database unreachable): said once when it starts and once when it ends. */
  private failing = false;
  private listener?: pg.Client;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private readonly batchSize: number;
  private readonly replicated: ReplicatedAdds;

  constructor(private readonly opts: OutboxRelayOptions) {
    this.batchSize = opts.batchSize ?? 200;
    this.replicated = new ReplicatedAdds(opts.queues);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen().catch((err) => this.opts.log.warn({ err }, 'outbox relay: LISTEN unavailable, polling only'));
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.relistenTimer);
    await this.running;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }

  /** Runs passes until the outbox is empty or an add fails. Returns how many rows were dispatched. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const { dispatched, failed, seen } = await this.pass();
      total += dispatched;
      if (failed || seen < this.batchSize) return total;
    }
  }

  private async listen(): Promise<void> {
    // keepAlive: an idle session cut without a word (a firewall, a NAT) ends instead of waiting for ever.
    const client = new pg.Client({
      connectionString: this.opts.databaseUrl,
      application_name: 'outbox-relay',
      keepAlive: true,
    });
    client.on('error', () => {});
    client.on('notification', () => this.kick());
    // The session ended (PostgreSQL restarted, the connection was cut): LISTEN again once it can.
    client.on('end', () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      if (this.stopped) return;
      this.opts.log.warn('outbox relay: LISTEN connection lost; polling until it is back');
      this.relisten(1000);
    });
    try {
      await client.connect();
      // Raw SQL on a connection of its own: LISTEN must stay on one open session, outside the ORM's pool
      // (and outside any transaction-mode pooler, which would take the session back after this statement).
      await client.query('LISTEN outbox');
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    this.listener = client;
  }

  /** Tries LISTEN again every `ms` (doubling, up to 10 s) until it works, then relays what arrived meanwhile. */
  private relisten(ms: number): void {
    this.relistenTimer = setTimeout(async () => {
      if (this.stopped) return;
      try {
        await this.listen();
        this.opts.log.info('outbox relay: LISTEN re-opened');
        this.kick();
      } catch {
        this.relisten(Math.min(ms * 2, 10_000));
      }
    }, ms);
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .then(() => {
          if (this.failing) this.opts.log.info('outbox relay: passes succeed again');
          this.failing = false;
        })
        .catch((err) => {
          if (!this.failing) this.opts.log.error({ err }, 'outbox relay pass failed; retrying every poll');
          this.failing = true;
        })
        .finally(() => {
          this.running = undefined;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.opts.pollMs);
        });
    }, ms);
  }

  private async pass(): Promise<{ dispatched: number; failed: boolean; seen: number }> {
    // BullMQ waits for a connection rather than failing; without one, leave the rows for a later pass.
    // The process reports the outage itself, once (reportOutages); the relay only waits it out.
    if (this.opts.queues.connection.status !== 'ready') return { dispatched: 0, failed: true, seen: 0 };
    return this.opts.orm.em.fork().transactional(async (em) => {
      const outbox = db(em);
      const rows = await outbox
        .selectFrom('outbox')
        .select(['id', 'queue', 'job_name', 'payload'])
        .where('dispatched_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .limit(this.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      const done: { id: string; job_id: string }[] = [];
      let failure: { rows: string[]; message: string } | undefined;
      const adds = this.replicated.batch();
      for (const job of relayedJobs(rows as OutboxRow[], this.opts.mergeOf ?? (() => undefined))) {
        try {
          if (!this.opts.queues.has(job.queue)) throw new Error(`Unknown queue ${job.queue}`);
          await adds.adding(job.queue);
          await withTimeout(
            this.opts.queues.get(job.queue).add(job.name, job.data, { jobId: job.jobId }),
            5000,
            'Redis',
          );
          for (const id of job.rows) done.push({ id, job_id: job.jobId });
          adds.added(job.queue, job.rows);
        } catch (err) {
          failure = { rows: job.rows, message: (err as Error).message };
          break;
        }
      }
      // On a Redis Cluster a row counts as relayed once a replica has its job too (replicated-add.ts).
      const unreplicated = await adds.unreplicated();
      if (unreplicated) {
        const later = new Set(unreplicated.rows);
        done.splice(0, done.length, ...done.filter((d) => !later.has(d.id)));
        failure = {
          rows: [...(failure?.rows ?? []), ...unreplicated.rows],
          message: [failure?.message, unreplicated.message].filter(Boolean).join('; '),
        };
      }
      if (done.length) {
        // Each row names the job that carries it: a merged job carries several.
        await outbox
          .updateTable('outbox as o')
          .from(jsonRows(done, 'id uuid, job_id text'))
          .set((eb) => ({
            dispatched_at: sql<Date>`now()`,
            dispatch_attempts: eb('o.dispatch_attempts', '+', 1),
            job_id: eb.ref('v.job_id'),
          }))
          .whereRef('o.id', '=', 'v.id')
          .execute();
      }
      if (failure) {
        await outbox
          .updateTable('outbox')
          .set((eb) => ({
            dispatch_attempts: eb('dispatch_attempts', '+', 1),
            last_error: failure.message.slice(0, 500),
          }))
          .where((eb) => eb('id', '=', eb.fn.any(eb.val(failure.rows))))
          .execute();
        this.opts.log.warn(
          { outboxIds: failure.rows, error: failure.message },
          'outbox relay could not enqueue; will retry',
        );
      }
      return { dispatched: done.length, failed: Boolean(failure), seen: rows.length };
    });
  }
}
