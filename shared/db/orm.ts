import type { MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options, type PostgreSqlConnection } from '@mikro-orm/postgresql';
import type pg from 'pg';

/** Entities as the ORM takes them: the composition root (shared/domains.ts) gives every domain's. */
type Entities = NonNullable<Options['entities']>;

import type { Config } from '../config/index.js';
import { NotLiveError } from '../kernel/errors.js';
import { guardPool, poolStalledMs } from './guarded-pool.js';
import { migrationsList } from './migrations/index.js';
import { replicaUrls } from './open-replicas.js';
import { withoutNamedStatements } from './pooler.js';

export type Orm = MikroORM;
export type { EntityManager } from '@mikro-orm/postgresql';

type OrmConfig = Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_MAX'> &
  Partial<Pick<Config, 'DATABASE_READ_URL' | 'DATABASE_POOLER'>>;

function ormOptions(
  config: OrmConfig,
  entities: Entities,
  applicationName = 'insurance-api',
  domainMigrations: readonly MigrationObject[] = [],
): Options {
  return {
    clientUrl: config.DATABASE_URL,
    // Each replica gets a pool of its own (same options); the ORM never picks one by itself: the reads
    // that may go to a replica are chosen by the service (shared/db/replicas.ts), by health and lag.
    replicas: replicaUrls(config).map(({ name, url }) => ({ name, clientUrl: url })),
    preferReadReplicas: false,
    entities: [...entities],
    extensions: [Migrator],
    migrations: {
      migrationsList: [...migrationsList, ...domainMigrations],
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    ensureDatabase: false,
    forceUtcTimezone: true,
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: config.DATABASE_POOL_MAX, idleTimeoutMillis: 30_000 },
    // Handed to pg's Pool. MikroORM 7 connects lazily: a process starts (and answers /health/ready 503) while the database is down.
    // A connection lost to a fault is destroyed, never left checked out (guarded-pool.ts).
    // Behind a transaction-mode pooler (DATABASE_POOLER=transaction) its statements go unnamed (pooler.ts).
    driverOptions: {
      application_name: applicationName,
      connectionTimeoutMillis: 5000,
      onPoolCreated: (pool: pg.Pool) => {
        guardPool(pool);
        if (config.DATABASE_POOLER === 'transaction') withoutNamedStatements(pool);
      },
    },
    debug: false,
    // Migration progress is reported by the callers (scripts/migrate.ts logs what was applied).
    logger: () => {},
  };
}

/**
 * The ORM over `entities`. Migrations: the service's own (shared/db/migrations, in their list's order),
 * then those the domains bring in their manifests (`migrations`), in the order of their names.
 */
export async function openOrm(
  config: OrmConfig,
  entities: Entities,
  applicationName?: string,
  domainMigrations: readonly MigrationObject[] = [],
): Promise<Orm> {
  const ordered = [...domainMigrations].sort((a, b) => a.name.localeCompare(b.name));
  return MikroORM.init(ormOptions(config, entities, applicationName, ordered));
}

export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}

export async function pendingMigrations(orm: Orm): Promise<string[]> {
  const pending = await orm.migrator.getPending();
  return pending.map((m) => m.name);
}

/**
 * Liveness of a process's database pool (web and worker alike): NOT_LIVE when requests have waited with
 * no connection freed for `stallSeconds`, which a restart mends (a database that is down is not the
 * process's fault: readiness says that).
 */
export async function assertPoolLive(orm: Orm, stallSeconds: number): Promise<void> {
  const pool = await (orm.em.getConnection() as PostgreSqlConnection).getNativeClient();
  const stalledMs = poolStalledMs(pool);
  if (stalledMs > stallSeconds * 1000)
    throw new NotLiveError({
      pool: { stalledMs, waiting: pool.waitingCount, total: pool.totalCount, idle: pool.idleCount },
    });
}
