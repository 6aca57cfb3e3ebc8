import type pg from 'pg';
import { breaksConnection } from './unavailable.js';

/**
 * A pool whose connections are never lost to a fault. Kysely gives a transaction's connection back
 * only after a COMMIT or ROLLBACK that succeeded, and MikroORM swallows a failed ROLLBACK: on a
 * connection PostgreSQL dropped (a restart, a crash, a network cut) both fail, and the connection
 * would stay checked out for ever, until every request waits for one and fails. Guarded, a
 * connection whose query fails in a way that leaves it unfit (`breaksConnection`: the connection was
 * lost or timed out, not an error PostgreSQL answered on a live session), or which ends or errors
 * while checked out, is given back at once as broken, and the pool destroys it; whoever held it gets
 * its error and its later release does nothing.
 */
export function guardPool(pool: pg.Pool): void {
  const watch: PoolWatch = { lastFreed: Date.now() };
  watches.set(pool, watch);
  pool.on('connect', instrument);
  // A connection given back, or one dropped: the pool can serve again.
  pool.on('release', () => {
    watch.lastFreed = Date.now();
  });
  pool.on('remove', () => {
    watch.lastFreed = Date.now();
  });
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  // pool.query connects with a callback and releases with the query's error itself; Kysely awaits connect().
  pool.connect = ((callback?: unknown) =>
    callback ? connect(callback) : (connect() as Promise<pg.PoolClient>).then(lease)) as typeof pool.connect;
}

/**
 * How long the pool has had requests waiting for a connection while none was free and none was given
 * back or dropped (0 when it is serving). A guarded pool recovers by itself; this says when it did not.
 */
export function poolStalledMs(pool: pg.Pool, now = Date.now()): number {
  const watch = watches.get(pool);
  if (!watch || !poolSaturated(pool)) return 0;
  return now - watch.lastFreed;
}

/** Whether every connection of the pool is in use and requests wait for one (busy, not broken). */
export const poolSaturated = (pool: pg.Pool): boolean =>
  pool.waitingCount > 0 && pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);

interface PoolWatch {
  lastFreed: number;
}
const watches = new WeakMap<pg.Pool, PoolWatch>();

/** The pool's own release of a checked-out connection, until it has been called once. */
const leases = new WeakMap<pg.PoolClient, (err?: Error | boolean) => void>();

function lease(client: pg.PoolClient): pg.PoolClient {
  leases.set(client, client.release);
  client.release = (err?: Error | boolean) => giveBack(client, err);
  return client;
}

function giveBack(client: pg.PoolClient, err?: Error | boolean): void {
  const release = leases.get(client);
  if (!release) return;
  leases.delete(client);
  release(err);
}

/** Once per connection: a breaking failure, an error or the end of the connection gives it back broken. */
function instrument(client: pg.PoolClient): void {
  // The class's query, looked up at each call (not bound once), so whatever wraps pg.Client later still sees every query.
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.query = ((...args: unknown[]) => {
    const result = proto.query.apply(client, args);
    if (result instanceof Promise)
      result.catch((err: unknown) => {
        if (breaksConnection(err)) giveBack(client, err as Error);
      });
    return result;
  }) as typeof client.query;
  client.on('error', (err) => giveBack(client, err));
  client.on('end', () => giveBack(client, new Error('Connection ended')));
}
