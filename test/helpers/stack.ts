import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../api/app.js';
import { type Config, loadConfig } from '../../shared/config/index.js';
import type { Orm } from '../../shared/db/orm.js';
import { createOrm } from '../../shared/domains.js';
import type { Clock } from '../../shared/kernel/clock.js';
import { startWorkers, type WorkerHandle } from '../../workers/main.js';

const runId = process.env.TEST_RUN_ID;
const template = process.env.TEST_TEMPLATE_DB;
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (!runId || !template)
  throw new Error('Run the tests with `npm test`: it prepares the test databases (TEST_RUN_ID, TEST_TEMPLATE_DB).');

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The run's empty database, never migrated (made by scripts/test.ts beside the template). */
export function bareDatabase(): string {
  const name = process.env.TEST_BARE_DB;
  if (!name) throw new Error('Run the tests with `npm test`: it makes the empty database (TEST_BARE_DB).');
  return name;
}

/** A database of this test file's own, cloned from the run's migrated template. */
export async function createTestDatabase(): Promise<string> {
  const name = `ins_test_${runId}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${template}"`);
        // A test database is thrown away after the run: its commits need not wait for the disk.
        await client.query(`alter database "${name}" set synchronous_commit = off`);
        return name;
      } catch (err) {
        // Another file cloning the template at the same moment: try again shortly.
        if (attempt > 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
}

export function testConfig(database: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl(database),
    DATABASE_POOL_MAX: '5',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `{t${runId}-${randomBytes(3).toString('hex')}}`,
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    REGISTRY_WEBHOOK_SECRET: 'whsec_dGVzdC1yZWdpc3RyeS1zZWNyZXQtMDEyMzQ1Njc4OQ==',
    AUDIT_CHAIN_EVERY_MS: '200',
    OUTBOX_POLL_MS: '100',
    RATE_LIMIT_MAX: '100000',
    // Tests read the state they just changed; the cache has a test of its own (test/api/metrics.test.ts).
    SYSTEM_STATE_CACHE_MS: '0',
    ...overrides,
  });
}

export interface Stack {
  app: FastifyInstance;
  config: Config;
  orm: Orm;
  database: string;
  workers?: WorkerHandle;
  close(): Promise<void>;
}

export interface StackOptions {
  env?: Record<string, string>;
  /** Start the BullMQ workers, schedulers and outbox relay in this process too. */
  workers?: boolean;
  /** Reuse another stack's database (two app instances sharing PostgreSQL and Redis). */
  database?: string;
  /** The services' clock, for the app and the workers (default: the system's). */
  clock?: Clock;
}

/** The real app (and optionally the workers) on this file's own PostgreSQL database and Redis prefix. */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const database = opts.database ?? (await createTestDatabase());
  const config = testConfig(database, opts.env);
  const orm = await createOrm(config, 'test');
  // TEST_LOG_LEVEL=error npm test shows the logs of failing requests.
  const app = await buildApp({ config, orm, logger: config.LOG_LEVEL !== 'silent', clock: opts.clock });
  await app.ready();
  const workers = opts.workers
    ? await startWorkers({ config, orm, log: app.log as never, clock: opts.clock })
    : undefined;
  return {
    app,
    config,
    orm,
    database,
    workers,
    async close() {
      await workers?.close();
      await app.close();
      await orm.close();
    },
  };
}

/** Another web process beside `of`: the same PostgreSQL database and Redis prefix, `env` added to its settings. */
export function anotherProcess(of: Stack, env: Record<string, string> = {}): Promise<Stack> {
  return startStack({ database: of.database, env: { ...env, REDIS_PREFIX: of.config.REDIS_PREFIX } });
}

/** A clock the services read (StackOptions.clock) and a test moves by hand: set `at`. */
export const movableClock = (at: Date): Clock & { at: Date } => ({
  at,
  now() {
    return new Date(this.at);
  },
});

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
