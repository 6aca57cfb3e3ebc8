import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config/index.js';
import type { Logger } from '../logger.js';
import { poolSaturated } from './guarded-pool.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** `up`: serving reads; `lagging`: behind by more than REPLICA_MAX_LAG_MS; `down`: unreachable or refusing; `unknown`: not checked yet. */
export type ReplicaStatus = 'up' | 'lagging' | 'down' | 'unknown';

/** A replica as /health shows it: by name only (/health is public; its address is in the log). */
export interface ReplicaView {
  name: string;
  status: ReplicaStatus;
  /** How far behind the primary it was at its last check, in ms (null: never checked or unreachable). */
  lagMs: number | null;
  checkedAt: string | null;
  /** Reads sent to it since the process started (one that failed there ran again on the primary). */
  reads: number;
}

interface Replica {
  name: string;
  address: string;
  pool: pg.Pool;
  status: ReplicaStatus;
  lagMs: number | null;
  checkedAt: number | null;
  nextCheckAt: number;
  checking: boolean;
  reads: number;
}

/** How often a replica in use is checked (its lag); one skipped is checked again after REPLICA_RETRY_MS. */
export const REPLICA_CHECK_MS = 1000;
/** A check that takes longer than this marks the replica down (a frozen host must not hold reads). */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Its lag, against the primary's WAL position read just before (`$1`): 0 when it has replayed up to
 * it; else how long ago the last transaction it replayed committed on the primary (an upper bound: no
 * later commit is visible on it). A replica cut off from the primary stops replaying, so its lag
 * grows; a server that is not in recovery (promoted, or not a replica at all) is not used.
 */
const LAG_SQL = `select pg_is_in_recovery() as standby, case
  when pg_last_wal_replay_lsn() >= $1::pg_lsn then 0
  else coalesce(extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 1e12)
end::float8 as lag_ms`;

/**
 * An error of a replica after which the read is run again on the primary: it is unreachable, it
 * cancelled the read to replay (40001, 40P01), or it has not replayed a migration yet (42P01, 42703).
 */
const RETRIED_ON_PRIMARY = new Set(['40001', '40P01', '42P01', '42703']);
const retryOnPrimary = (err: unknown) =>
  isDatabaseUnavailable(err) || RETRIED_ON_PRIMARY.has((err as { code?: string })?.code ?? '');

/**
 * The read replicas of DATABASE_READ_URL, for the reads that need no lock and run outside a
 * transaction (GET of lists and records: `readSide` in shared/kernel/reads.ts). They use the ORM's
 * replica connections (its pools, type parsers and connection guard); this class chooses among them.
 *
 * - Each replica is checked every second: `up` when it answers and lags at most REPLICA_MAX_LAG_MS.
 *   One that is down, refuses or lags more is skipped, and checked again after REPLICA_RETRY_MS.
 * - `kysely` runs each read on the next replica that is up (in turn), else on the primary.
 * - A read that fails on a replica because it is unreachable (or cancelled by replay) is run once
 *   more on the primary and the replica is marked down: a replica's fault never answers 500.
 */
export class ReadReplicas {
  /** The query builder over `pool`; `db()` (database.ts) types it with the schema. */
  readonly kysely: Kysely<unknown>;
  /** What pg's Pool offers (connect, query), over the replica chosen for each connection, else the primary. */
  readonly pool: pg.Pool;
  /** Reads served by the primary in place of a replica (none up, or one failed). */
  primaryReads = 0;
  private readonly replicas: Replica[];
  private timer?: NodeJS.Timeout;
  private turn = 0;

  constructor(
    /** The primary's pool: reads go there when no replica is up, or when one failed them. */
    readonly primary: pg.Pool,
    replicas: { name: string; address: string; pool: pg.Pool }[],
    private readonly config: Pick<Config, 'REPLICA_MAX_LAG_MS' | 'REPLICA_RETRY_MS'>,
    private readonly log: Logger,
  ) {
    this.replicas = replicas.map((r) => ({
      ...r,
      status: 'unknown',
      lagMs: null,
      checkedAt: null,
      nextCheckAt: 0,
      checking: false,
      reads: 0,
    }));
    this.pool = this.routingPool();
    this.kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: this.pool }) });
  }

  /** Starts checking the replicas (the first check at once). */
  start(): void {
    void this.checkDue();
    this.timer = setInterval(() => void this.checkDue(), REPLICA_CHECK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  views(): ReplicaView[] {
    return this.replicas.map((r) => ({
      name: r.name,
      status: r.status,
      lagMs: r.lagMs === null ? null : Math.round(r.lagMs),
      checkedAt: r.checkedAt === null ? null : new Date(r.checkedAt).toISOString(),
      reads: r.reads,
    }));
  }

  /** Checks every replica whose check is due; resolves when they are done. */
  async checkDue(now = Date.now()): Promise<void> {
    const due = this.replicas.filter((r) => !r.checking && r.nextCheckAt <= now);
    if (!due.length) return;
    // Where the primary is now: a replica is as fresh as the part of it it has replayed.
    const position = await this.primary
      .query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
      .then(({ rows }) => rows[0].lsn)
      .catch(() => undefined);
    // The primary unreachable: nothing to measure against; the replicas keep their state until it is back.
    if (position === undefined) return;
    await Promise.all(due.map((r) => this.check(r, position, now)));
  }

  private async check(replica: Replica, position: string, startedAt: number): Promise<void> {
    // Its pool full of reads: it is busy, not down; measured at the next check.
    if (poolSaturated(replica.pool)) return;
    replica.checking = true;
    let timeout: NodeJS.Timeout | undefined;
    try {
      const answer = replica.pool.query<{ standby: boolean; lag_ms: number }>(LAG_SQL, [position]);
      const late = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      });
      answer.catch(() => {});
      const { rows } = await Promise.race([answer, late]);
      const lagMs = Number(rows[0].lag_ms);
      if (!rows[0].standby) throw new Error('not a replica: the server is not in recovery');
      // A read that failed on it since this check started has the last word.
      if (replica.status === 'down' && (replica.checkedAt ?? 0) > startedAt) return;
      this.mark(replica, lagMs > this.config.REPLICA_MAX_LAG_MS ? 'lagging' : 'up', lagMs, undefined, startedAt);
    } catch (err) {
      this.mark(replica, 'down', null, err, startedAt);
    } finally {
      clearTimeout(timeout);
      replica.checking = false;
    }
  }

  /** `from`: when its check started (the next is due an interval after that, not after its answer). */
  private mark(replica: Replica, status: ReplicaStatus, lagMs: number | null, err?: unknown, from = Date.now()): void {
    const now = Date.now();
    const was = replica.status;
    replica.status = status;
    replica.lagMs = lagMs;
    replica.checkedAt = now;
    replica.nextCheckAt = from + (status === 'up' ? REPLICA_CHECK_MS : this.config.REPLICA_RETRY_MS);
    if (status === was) return;
    const fields = {
      replica: replica.name,
      address: replica.address,
      lagMs: lagMs === null ? undefined : Math.round(lagMs),
    };
    if (status === 'up') this.log.info(fields, 'read replica in use');
    else if (was !== 'unknown' || status === 'down')
      this.log.warn({ ...fields, err }, `read replica ${status}: reads go to the primary or another replica`);
  }

  /** The next replica that is up, in turn, or none. */
  private pick(): Replica | undefined {
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.turn + i) % this.replicas.length];
      if (replica.status === 'up') {
        this.turn = (this.turn + i + 1) % this.replicas.length;
        return replica;
      }
    }
    return undefined;
  }

  /** What Kysely's PostgresDialect takes as its pool: a replica's connection, else the primary's. */
  private routingPool(): pg.Pool {
    const onPrimary = async () => {
      this.primaryReads++;
      return this.primary.connect();
    };
    const connect = async (): Promise<pg.PoolClient> => {
      const replica = this.pick();
      if (!replica) return onPrimary();
      let client: pg.PoolClient;
      try {
        client = await replica.pool.connect();
      } catch (err) {
        if (!poolSaturated(replica.pool)) this.mark(replica, 'down', null, err);
        return onPrimary();
      }
      replica.reads++;
      return this.fallingBack(replica, client, onPrimary);
    };
    const query = async (...args: unknown[]) => {
      const client = await connect();
      try {
        return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        client.release();
      }
    };
    return { connect, query, end: async () => {}, options: {} } as unknown as pg.Pool;
  }

  /** A replica's connection whose query, if the replica fails it, runs again on the primary. */
  private fallingBack(replica: Replica, client: pg.PoolClient, onPrimary: () => Promise<pg.PoolClient>): pg.PoolClient {
    let current: pg.PoolClient | undefined = client;
    const query = async (...args: unknown[]) => {
      if (!current) throw new Error('the read has no connection left');
      try {
        return await (current.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (err) {
        if (current !== client || !retryOnPrimary(err)) throw err;
        this.mark(replica, 'down', null, err);
        // Given back once, broken; the read's release then goes to the primary's connection, if any.
        current = undefined;
        client.release(err as Error);
        current = await onPrimary();
        return (current.query as (...a: unknown[]) => Promise<unknown>)(...args);
      }
    };
    const release = (err?: Error | boolean) => {
      const held = current;
      current = undefined;
      held?.release(err);
    };
    return { query, release } as unknown as pg.PoolClient;
  }
}
