import { Redis, type RedisOptions } from 'ioredis';

/**
 * `command`: API-side connections (rate limit, queue producers): fail fast instead of buffering
 * when Redis is down, so requests answer instead of hanging.
 * `worker`: BullMQ workers block on Redis and must retry forever (maxRetriesPerRequest: null).
 */
/**
 * `pipelined`: commands issued in the same turn of the event loop share one write and one round trip
 * (the request path: the rate limit's count and the caller's stamps).
 */
export function createRedis(url: string, role: 'command' | 'worker', name: string, pipelined = false): Redis {
  const common: RedisOptions = {
    connectionName: name,
    lazyConnect: false,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  };
  const options: RedisOptions =
    role === 'worker'
      ? { ...common, maxRetriesPerRequest: null, enableOfflineQueue: true }
      : { ...common, maxRetriesPerRequest: 1, enableOfflineQueue: false, enableAutoPipelining: pipelined };
  const redis = new Redis(url, options);
  // Connection errors surface through the callers (health checks, relay); an unhandled 'error' would crash.
  redis.on('error', () => {});
  return redis;
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
export function settled(redis: Redis, ms = 2000): Promise<void> {
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

/**
 * One warning when the connection to Redis is lost and one line when it is ready again, however many
 * reconnection attempts lie between (ioredis retries every 200 ms to 2 s). The process's other
 * connections to the same server stay silent: one report per process and outage.
 */
export function reportOutages(redis: Redis, log: { warn: LogFn; info: LogFn }, name: string): void {
  let downSince: number | undefined;
  const down = (err?: Error) => {
    if (downSince !== undefined) return;
    downSince = Date.now();
    log.warn({ redis: name, error: err?.message }, 'Redis unavailable; reconnecting');
  };
  redis.on('error', down);
  // Emitted only when ioredis will try again: a connection closed on purpose (quit, disconnect) is no outage.
  redis.on('reconnecting', () => down());
  redis.on('ready', () => {
    if (downSince === undefined) return;
    log.info({ redis: name, downMs: Date.now() - downSince }, 'Redis is back');
    downSince = undefined;
  });
}

type LogFn = (obj: object, msg: string) => void;
