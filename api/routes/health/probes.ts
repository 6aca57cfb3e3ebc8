import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { db } from '../../../shared/db/database.js';
import { assertPoolLive, pendingMigrations } from '../../../shared/db/orm.js';
import { mailStatus } from '../../../shared/domain/mail/index.js';
import { NotReadyError } from '../../../shared/kernel/errors.js';
import { problemsOf } from '../../../shared/observability/system-state.js';
import { withTimeout } from '../../../shared/redis.js';
import type { Check } from './schemas.js';

async function timed(what: string, probe: () => Promise<unknown>, timeoutMs = 1000): Promise<Check> {
  const started = performance.now();
  try {
    await withTimeout(probe(), timeoutMs, what);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return {
      status: 'down',
      latencyMs: Math.round(performance.now() - started),
      error: (err as Error).message.slice(0, 200),
    };
  }
}

const MIGRATIONS_CHECK_MS = 5000;

/** The answers of the health routes: liveness, readiness (503 when a dependency is down) and the overall state. */
export function healthProbes(app: FastifyInstance) {
  let migrationsApplied = false;

  const database = () =>
    timed('PostgreSQL', () => db(app.orm.em.fork()).selectNoFrom(sql<number>`1`.as('up')).execute());
  const redis = () => timed('Redis', () => app.redis.ping());
  const migrations = () =>
    migrationsApplied
      ? Promise.resolve<Check>({ status: 'up', latencyMs: 0 })
      : // Read once (then cached): the migrator's own start-up is not a latency of the database, so
        // it gets a wider budget than the 1 s of the dependency checks.
        timed(
          'migrations',
          async () => {
            const pending = await pendingMigrations(app.orm);
            if (pending.length) throw new Error(`${pending.length} migration(s) not applied`);
            migrationsApplied = true;
          },
          MIGRATIONS_CHECK_MS,
        );

  return {
    live: async () => {
      await assertPoolLive(app.orm, app.config.LIVENESS_POOL_STALL_S);
      return { status: 'ok' as const };
    },

    ready: async () => {
      // Shutting down: load balancers are told at once, before anything is checked.
      if (app.shutdownPhase !== 'serving') throw new NotReadyError({ shuttingDown: true });
      const [db, rd] = await Promise.all([database(), redis()]);
      const mig =
        db.status === 'up'
          ? await migrations()
          : { status: 'down' as const, latencyMs: 0, error: 'database unreachable' };
      const checks = { database: db, redis: rd, migrations: mig };
      if (Object.values(checks).some((c) => c.status === 'down')) throw new NotReadyError({ checks });
      return { status: 'ready' as const, checks };
    },

    health: async () => {
      const [db, rd, queues, state] = await Promise.all([
        database(),
        redis(),
        timed('queues', () => app.queues.get('webhooks').getJobCounts('waiting')),
        withTimeout(app.systemState(), 1000, 'system state').catch(() => undefined),
      ]);
      const checks = { database: db, redis: rd, queues };
      const problems = [
        ...Object.entries(checks).flatMap(([name, c]) => (c.status === 'down' ? [`${name} is down`] : [])),
        ...(state ? problemsOf(state, app.config.LAG_ALERT_S) : []),
      ];
      const replicas = app.deps.replicas?.views();
      for (const r of replicas ?? [])
        if (r.status !== 'up')
          problems.push(`${r.name} is ${r.status}: its reads go to the primary or another replica`);
      const work = state && { liveWorkers: state.liveWorkers, outbox: state.outbox, audit: state.audit };
      return {
        status: problems.length ? ('degraded' as const) : ('ok' as const),
        checks,
        ...(work ? { work } : {}),
        ...(replicas ? { replicas } : {}),
        problems,
        mail: mailStatus(app.config),
      };
    },
  };
}
