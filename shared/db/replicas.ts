import type { MikroORM, PostgreSqlConnection } from '@mikro-orm/postgresql';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config/index.js';
import type { Logger } from '../logger.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** `up`: serving reads; `lagging`: behind by more than REPLICA_MAX_LAG_MS; `down`: unreachable or refusing; `unknown`: not checked yet. */
export type ReplicaStatus = 'up' | 'lagging' | 'down' | 'unknown';

/** A replica as /health shows it (its address without credentials). */
export interface ReplicaView {
  name: string;
  address: string;
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
 * Its lag: 0 when it has replayed all it received; else how long ago the last transaction it replayed
 * committed on the primary (an upper bound: no later commit is visible on it).
 */
const LAG_SQL = `select case
  when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 1e12)
end::float8 as lag_ms`;

/** The replicas of DATABASE_READ_URL, named `replica-1`, `replica-2`... in their order. */
export const replicaUrls = (config: Partial<Pick<Config, 'DATABASE_READ_URL'>>): { name: string; url: string }[] =>
  (config.DATABASE_READ_URL ?? '')
    .split(',')
    .filter(Boolean)
    .map((url, i) => ({ name: `replica-${i + 1}`, url }));

/** An error of a replica after which the read is run again on the primary: it is unreachable, or cancelled the read to replay. */
const retryOnPrimary = (err: unknown) => isDatabaseUnavailable(err) || (err as { code?: string })?.code === '40001';

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
      address: r.address,
      status: r.status,
      lagMs: r.lagMs === null ? null : Math.round(r.lagMs),
      checkedAt: r.checkedAt === null ? null : new Date(r.checkedAt).toISOString(),
      reads: r.reads,
    }));
  }

  /** Checks every replica whose check is due; resolves when they are done. */
  async checkDue(now = Date.now()): Promise<void> {
    await Promise.all(this.replicas.filter((r) => !r.checking && r.nextCheckAt <= now).map((r) => this.check(r)));
  }

  private async check(replica: Replica): Promise<void> {
    replica.checking = true;
    let timeout: NodeJS.Timeout | undefined;
    try {
      const answer = replica.pool.query<{ lag_ms: number }>(LAG_SQL);
      const late = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      });
      answer.catch(() => {});
      const { rows } = await Promise.race([answer, late]);
      const lagMs = Number(rows[0].lag_ms);
      this.mark(replica, lagMs > this.config.REPLICA_MAX_LAG_MS ? 'lagging' : 'up', lagMs);
    } catch (err) {
      this.mark(replica, 'down', null, err);
    } finally {
      clearTimeout(timeout);
      replica.checking = false;
    }
  }

  private mark(replica: Replica, status: ReplicaStatus, lagMs: number | null, err?: unknown): void {
    const now = Date.now();
    const was = replica.status;
    replica.status = status;
    replica.lagMs = lagMs;
    replica.checkedAt = now;
    replica.nextCheckAt = now + (status === 'up' ? REPLICA_CHECK_MS : this.config.REPLICA_RETRY_MS);
    if (status === was) return;
    const fields = { replica: replica.name, lagMs: lagMs === null ? undefined : Math.round(lagMs) };
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
        this.mark(replica, 'down', null, err);
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
    return { connect, query, options: {} } as unknown as pg.Pool;
  }

  /** A replica's connection whose query, if the replica fails it, runs again on the primary. */
  private fallingBack(replica: Replica, client: pg.PoolClient, onPrimary: () => Promise<pg.PoolClient>): pg.PoolClient {
    let current = client;
    const query = async (...args: unknown[]) => {
      try {
        return await (current.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (err) {
        if (current !== client || !retryOnPrimary(err)) throw err;
        this.mark(replica, 'down', null, err);
        client.release(err as Error);
        current = await onPrimary();
        return (current.query as (...a: unknown[]) => Promise<unknown>)(...args);
      }
    };
    return { query, release: (err?: Error | boolean) => current.release(err) } as unknown as pg.PoolClient;
  }
}

/** The replicas of the ORM (its `replicas`, from DATABASE_READ_URL), or undefined when there are none. */
export async function openReadReplicas(
  orm: MikroORM,
  config: Pick<Config, 'DATABASE_READ_URL' | 'REPLICA_MAX_LAG_MS' | 'REPLICA_RETRY_MS'>,
  log: Logger,
): Promise<ReadReplicas | undefined> {
  const urls = replicaUrls(config);
  if (!urls.length) return undefined;
  // MikroORM keeps its replica connections in the driver (in DATABASE_READ_URL's order) without a public list.
  const connections = (orm.driver as unknown as { replicas: PostgreSqlConnection[] }).replicas;
  const primary = await (orm.em.getConnection('write') as PostgreSqlConnection).getNativeClient();
  const replicas = await Promise.all(
    urls.map(async ({ name, url }, i) => {
      const { host, pathname } = new URL(url);
      return { name, address: `${host}${pathname}`, pool: await connections[i].getNativeClient() };
    }),
  );
  return new ReadReplicas(primary, replicas, config, log);
}
