import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import type { Config } from './config/index.js';

/** A connection to Redis: one server, or a Redis Cluster through ioredis Cluster (REDIS_CLUSTER_NODES). */
export type RedisClient = Redis | Cluster;

/** The settings that say where Redis is. */
export type RedisTarget = Pick<Config, 'REDIS_URL' | 'REDIS_CLUSTER_NODES' | 'REDIS_PASSWORD' | 'REDIS_TLS'>;

/** The seeds of REDIS_CLUSTER_NODES, `host:port` each (a bracketed IPv6 host loses its brackets). */
export function clusterNodes(list: string): { host: string; port: number }[] {
  return list.split(',').map((seed) => {
    const at = seed.lastIndexOf(':');
    return { host: seed.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(seed.slice(at + 1)) };
  });
}

/**
 * `command`: API-side connections (rate limit, queue producers): fail fast instead of buffering
 * when Redis is down, so requests answer instead of hanging.
 * `worker`: BullMQ workers block on Redis and must retry forever (maxRetriesPerRequest: null).
 * `pipelined`: commands issued in the same turn of the event loop share one write and one round trip
 * (the request path: the rate limit's count and the caller's stamps).
 *
 * With REDIS_CLUSTER_NODES the connection is an ioredis Cluster with the same behaviour per node. What a
 * failover refuses meanwhile (TRYAGAIN, CLUSTERDOWN, a moved slot, a lost node) is retried by ioredis
 * after a short wait, within the command's budget; a command connection still fails fast once it is spent.
 */
export function createRedis(
  target: RedisTarget,
  role: 'command' | 'worker',
  name: string,
  pipelined = false,
): RedisClient {
  const tls = target.REDIS_TLS === 'true' ? { tls: {} } : {};
  const password = target.REDIS_PASSWORD ? { password: target.REDIS_PASSWORD } : {};
  const common: RedisOptions = {
    connectionName: name,
    lazyConnect: false,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...password,
    ...tls,
  };
  const perRole: RedisOptions =
    role === 'worker'
      ? { maxRetriesPerRequest: null, enableOfflineQueue: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, enableAutoPipelining: pipelined };
  const redis = target.REDIS_CLUSTER_NODES
    ? new Cluster(clusterNodes(target.REDIS_CLUSTER_NODES), clusterOptions(common, perRole))
    : new Redis(target.REDIS_URL, { ...common, ...perRole });
  // Connection errors surface through the callers (health checks, relay); an unhandled 'error' would crash.
  redis.on('error', () => {});
  return redis;
}

/**
 * A connection of its own to the same Redis for SUBSCRIBE (a subscribed connection takes no other
 * command). It waits through outages (its owner resubscribes on 'ready'), and it never keeps a
 * process alive by itself.
 */
export function subscriberOf(redis: RedisClient, name: string): RedisClient {
  const own = { connectionName: name, maxRetriesPerRequest: null, enableAutoPipelining: false };
  const sub =
    redis instanceof Cluster
      ? redis.duplicate(undefined, {
          enableOfflineQueue: true,
          enableAutoPipelining: false,
          redisOptions: { ...redis.options.redisOptions, ...own },
        })
      : redis.duplicate({ ...own, enableOfflineQueue: true });
  sub.on('error', () => {});
  if (sub instanceof Redis)
    sub.on('connect', () => (sub as unknown as { stream?: { unref?(): void } }).stream?.unref?.());
  return sub;
}

function clusterOptions(common: RedisOptions, perRole: RedisOptions): ClusterOptions {
  const { enableOfflineQueue, enableAutoPipelining, ...nodeRole } = perRole;
  return {
    redisOptions: { ...common, ...nodeRole },
    enableOfflineQueue,
    enableAutoPipelining,
    clusterRetryStrategy: (times) => Math.min(times * 200, 2000),
    // A failover: the cluster says so, and the command is sent again once the replica is promoted.
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 300,
    retryDelayOnTryAgain: 200,
    slotsRefreshTimeout: 2000,
  };
}

/**
 * BullMQ must not lose jobs to eviction: refuse to start against an evicting Redis. On a Redis
 * Cluster every master is asked, since each holds some of the queues.
 */
export async function assertNoEviction(redis: RedisClient): Promise<void> {
  const servers = redis instanceof Cluster ? redis.nodes('master') : [redis];
  for (const server of servers) {
    let policy: string | undefined;
    try {
      const reply = (await server.config('GET', 'maxmemory-policy')) as string[];
      policy = reply[1];
    } catch {
      continue; // CONFIG is disabled on some managed Redis services; their policy is set in the console.
    }
    if (policy && policy !== 'noeviction') {
      throw new Error(
        `Redis maxmemory-policy is "${policy}"; BullMQ needs "noeviction" or queued jobs can silently disappear. Set maxmemory-policy noeviction and restart the worker.`,
      );
    }
  }
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until the connection is ready, has failed once, or `ms` passed: a process starts either way. */
export function settled(redis: RedisClient, ms = 2000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
    redis.once('error', done);
  });
}

/** Whether an error only says that Redis cannot be reached (already reported once by `reportOutages`). */
export const isRedisUnreachable = (err: unknown): boolean =>
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection is closed|connect ETIMEDOUT|MaxRetriesPerRequest|Stream isn't writeable|enableOfflineQueue/i.test(
    String((err as Error)?.message ?? err),
  );

/** After Redis is back, how long a failure is still taken for the outage's aftermath (a job lock lost meanwhile). */
export const OUTAGE_AFTERMATH_MS = 10_000;

/** What a process knows of its Redis outages, for the failures they cause. */
export interface Outages {
  /**
   * A failure during an outage or within OUTAGE_AFTERMATH_MS after it (BullMQ's "could not renew lock
   * for job ...", a command cut off): counted, and said in one line when the aftermath is over (true);
   * false when no outage is near, and the caller reports it as any failure.
   */
  aftermath(err: unknown, source: string): boolean;
}

/**
 * One warning when the connection to Redis is lost and one line when it is ready again, however many
 * reconnection attempts lie between (ioredis retries every 200 ms to 2 s). The process's other
 * connections to the same server stay silent: one report per process and outage. Failures that the
 * outage caused (`aftermath`) make one more warning, with their count, once it is over.
 */
export function reportOutages(
  redis: RedisClient,
  log: { warn: LogFn; info: LogFn },
  name: string,
  aftermathMs = OUTAGE_AFTERMATH_MS,
): Outages {
  let downSince: number | undefined;
  /** Back, and within aftermathMs of it: the summary's timer is pending. */
  let settling = false;
  let failures = 0;
  const examples = new Set<string>();
  let summary: NodeJS.Timeout | undefined;
  const down = (err?: Error) => {
    if (downSince !== undefined) return;
    downSince = Date.now();
    clearTimeout(summary);
    log.warn({ redis: name, error: err?.message }, 'Redis unavailable; reconnecting');
  };
  redis.on('error', down);
  // Emitted only when ioredis will try again: a connection closed on purpose (quit, disconnect) is no outage.
  redis.on('reconnecting', () => down());
  redis.on('ready', () => {
    if (downSince === undefined) return;
    log.info({ redis: name, downMs: Date.now() - downSince }, 'Redis is back');
    downSince = undefined;
    settling = true;
    summary = setTimeout(() => {
      settling = false;
      if (failures) log.warn({ redis: name, failures, examples: [...examples] }, 'failures caused by the Redis outage');
      failures = 0;
      examples.clear();
    }, aftermathMs);
    summary.unref();
  });
  return {
    aftermath(err, source) {
      if (downSince === undefined && !settling) return false;
      failures++;
      if (examples.size < 5) examples.add(`${source}: ${String((err as Error)?.message ?? err)}`);
      return true;
    },
  };
}

type LogFn = (obj: object, msg: string) => void;
