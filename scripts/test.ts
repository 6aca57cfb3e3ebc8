import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig } from '../shared/config/index.js';
import { createOrm } from '../shared/domains.js';
import { prepareDatabase } from '../shared/prepare-database.js';

/**
 * `npm test`: makes this run's own template database (migrated and seeded once), runs ava, whose
 * test files each clone the template and use their own Redis prefix, then drops every database of
 * the run and deletes its Redis keys, whatever the outcome. Two runs never see each other's data.
 */
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const dbPrefix = `ins_test_${runId}`;
const template = `${dbPrefix}_tpl`;
/** An empty database (never migrated), for the tests of a service whose migrations are not applied. */
const bare = `${dbPrefix}_bare`;

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function cleanUp(): Promise<void> {
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
      `${dbPrefix}%`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  }).catch((err) => console.error('test cleanup (databases) failed:', err.message));
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `{t${runId}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } catch (err) {
    console.error('test cleanup (redis) failed:', (err as Error).message);
  } finally {
    redis.disconnect();
  }
}

async function main(): Promise<number> {
  // Made here, on a quiet server: beside a running suite a CREATE and DROP DATABASE took up to 50 s.
  await admin(async (client) => {
    await client.query(`create database "${template}"`);
    await client.query(`create database "${bare}"`);
  });
  const orm = await createOrm(
    { ...loadConfig({ NODE_ENV: 'test' }), DATABASE_URL: databaseUrl(template) },
    'test-template',
  );
  try {
    await prepareDatabase(orm, loadConfig({ NODE_ENV: 'test' }));
  } finally {
    await orm.close();
  }
  const args = ['ava', ...process.argv.slice(2)];
  const child = spawn('npx', args, {
    stdio: ['inherit', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      TEST_RUN_ID: runId,
      TEST_TEMPLATE_DB: template,
      TEST_BARE_DB: bare,
      TEST_DATABASE_ADMIN_URL: adminUrl,
      REDIS_URL: redisUrl,
    },
  });
  // Pass ava's report through, counting results for a plain closing line CI can read.
  let passed = 0;
  let failed = 0;
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (/^\s*✔/.test(line)) passed++;
      else if (/^\s*✘/.test(line)) failed++;
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
  const code = await new Promise<number>((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  console.log(`\nava: ${passed} passed, ${failed} failed`);
  return code;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error('test harness failed:', err);
} finally {
  await cleanUp();
}
process.exit(code);
