import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Config } from '../config/index.js';
import { entities } from './entities.js';
import { migrationsList } from './migrations/index.js';

export type Orm = MikroORM;
export type { EntityManager } from '@mikro-orm/postgresql';

export function ormOptions(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_MAX'>, applicationName = 'insurance-api'): Options {
  return {
    clientUrl: config.DATABASE_URL,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    // Connect lazily: a process must start (and answer /health/ready with 503) while the database is down.
    connect: false,
    ensureDatabase: false,
    forceUtcTimezone: true,
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: config.DATABASE_POOL_MAX, acquireTimeoutMillis: 5000, idleTimeoutMillis: 30_000 },
    driverOptions: { connection: { application_name: applicationName, connectionTimeoutMillis: 5000 } },
    debug: false,
    // Migration progress is reported by the callers (scripts/migrate.ts logs what was applied).
    logger: () => {},
  };
}

export async function createOrm(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_MAX'>, applicationName?: string): Promise<Orm> {
  return MikroORM.init(ormOptions(config, applicationName));
}

export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}

export async function pendingMigrations(orm: Orm): Promise<string[]> {
  const pending = await orm.getMigrator().getPendingMigrations();
  return pending.map((m) => m.name);
}
