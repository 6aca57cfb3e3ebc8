import { readFileSync } from 'node:fs';
import test from 'ava';
import { buildApp } from '../../api/app.js';
import { createOrm } from '../../shared/domains.js';
import { bearer } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { bareDatabase, type Stack, startStack, testConfig } from '../helpers/stack.js';

let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

/** An app whose PostgreSQL or Redis is a port nothing listens on. */
async function appWith(env: Record<string, string>) {
  const config = testConfig(stack.database, env);
  const orm = await createOrm(config);
  const app = await buildApp({ config, orm, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await orm.close();
    },
  };
}

test('/health/live answers 200 while the process runs', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/health/live' });
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data, { status: 'ok' });
});

/** A database connection opened before probing: the 1 s budget of a check is for an answer, not for a cold pool on a loaded test machine. */
const warm = (app: { orm: { em: { fork(): { execute(q: string): Promise<unknown> } } } }) =>
  app.orm.em.fork().execute('select 1');

test('/health/ready answers 200 with each check when PostgreSQL, Redis and migrations are fine', async (t) => {
  await warm(stack.app);
  const res = await stack.app.inject({ method: 'GET', url: '/health/ready' });
  t.is(res.statusCode, 200, res.body);
  const { status, checks } = res.json().data;
  t.is(status, 'ready');
  for (const name of ['database', 'redis', 'migrations']) t.is(checks[name].status, 'up', name);
});

test('/health/ready answers 503 NOT_READY naming the database when PostgreSQL is unreachable', async (t) => {
  const dead = await appWith({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' });
  try {
    const res = await dead.app.inject({ method: 'GET', url: '/health/ready' });
    t.is(res.statusCode, 503);
    const body = res.json();
    t.is(body.error.code, 'NOT_READY');
    t.is(body.error.details.checks.database.status, 'down');
    t.is(body.error.details.checks.redis.status, 'up');
    t.truthy(body.meta.requestId);
  } finally {
    await dead.close();
  }
});

test('/health/ready answers 503 NOT_READY naming Redis when Redis is unreachable', async (t) => {
  const dead = await appWith({ REDIS_URL: 'redis://127.0.0.1:1' });
  try {
    await warm(dead.app);
    const res = await dead.app.inject({ method: 'GET', url: '/health/ready' });
    t.is(res.statusCode, 503);
    t.is(res.json().error.details.checks.redis.status, 'down');
    t.is(res.json().error.details.checks.database.status, 'up');
  } finally {
    await dead.close();
  }
});

test('/health/ready answers 503 when migrations are not applied', async (t) => {
  // The run's empty database (scripts/test.ts): reachable, and never migrated.
  const bare = await appWith({ DATABASE_URL: stack.config.DATABASE_URL.replace(/\/[^/]+$/, `/${bareDatabase()}`) });
  try {
    const res = await bare.app.inject({ method: 'GET', url: '/health/ready' });
    t.is(res.statusCode, 503);
    t.is(res.json().error.details.checks.migrations.status, 'down');
  } finally {
    await bare.close();
  }
});

test('/health reports database, redis and queues with their latency', async (t) => {
  await warm(stack.app);
  const res = await stack.app.inject({ method: 'GET', url: '/health' });
  t.is(res.statusCode, 200);
  const { status, checks } = res.json().data;
  t.is(status, 'ok');
  for (const name of ['database', 'redis', 'queues']) {
    t.is(checks[name].status, 'up');
    t.is(typeof checks[name].latencyMs, 'number');
  }
});

test('/health reports degraded, still 200, when Redis is down', async (t) => {
  const dead = await appWith({ REDIS_URL: 'redis://127.0.0.1:1' });
  try {
    const res = await dead.app.inject({ method: 'GET', url: '/health' });
    t.is(res.statusCode, 200);
    t.is(res.json().data.status, 'degraded');
    t.is(res.json().data.checks.redis.status, 'down');
  } finally {
    await dead.close();
  }
});

test('/metrics is off without METRICS_TOKEN: 404 NOT_FOUND, as an unknown path', async (t) => {
  const res = await stack.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: 'Bearer anything-at-all-12345' },
  });
  t.is(res.statusCode, 404);
  t.is(res.json().error.code, 'NOT_FOUND');
});

test('/system/info needs a token', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/system/info' });
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'UNAUTHENTICATED');
});

test('/system/info needs system:read and says which permission is missing', async (t) => {
  const user = await given.user(stack, { permissions: ['audit:read'] });
  const res = await stack.app.inject({ method: 'GET', url: '/system/info', headers: bearer(user) });
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'FORBIDDEN');
  t.deepEqual(res.json().error.details, { missingPermissions: ['system:read'] });
});

test('/system/info gives name, version, runtime and every queue with its counts', async (t) => {
  const user = await given.user(stack, { permissions: ['system:read'] });
  const res = await stack.app.inject({ method: 'GET', url: '/system/info', headers: bearer(user) });
  t.is(res.statusCode, 200);
  const info = res.json().data;
  t.is(info.apiVersion, '1');
  t.is(info.nodeVersion, process.version);
  // npm test runs on the runtime pinned in the lockfile (the node package), whatever Node the machine has.
  t.is(info.nodeVersion, `v${JSON.parse(readFileSync('package.json', 'utf8')).dependencies.node}`);
  t.is(info.environment, 'test');
  t.is(typeof info.uptimeSeconds, 'number');
  t.truthy(info.name && info.version);
  t.deepEqual(
    info.queues.map((q: { name: string }) => q.name),
    [
      'webhooks',
      'mail',
      'audit',
      'renewals',
      'quotations',
      'policies',
      'disputes',
      'events',
      'deliveries',
      'maintenance',
    ],
  );
  t.is(typeof info.queues[0].counts.waiting, 'number');
});
