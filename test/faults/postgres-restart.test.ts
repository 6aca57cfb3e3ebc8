import { randomUUID } from 'node:crypto';
import test from 'ava';
import pg from 'pg';
import { createOrm } from '../../shared/domains.js';
import { prepareDatabase } from '../../shared/prepare-database.js';
import { client } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { createDatabase, type PrivatePostgres, privatePostgres } from '../helpers/private-postgres.js';
import { type Stack, startStack, testConfig } from '../helpers/stack.js';

/**
 * PostgreSQL restarted under load, in one process: no request answers 500, a request that finds the
 * database gone answers 503 SERVICE_UNAVAILABLE with Retry-After in the error envelope, every write
 * acknowledged is there afterwards, and within 5 s of the database's return every request succeeds
 * again, with no restart of the app (a connection lost to the fault is destroyed, not left checked out).
 */
let server: PrivatePostgres;
let stack: Stack;
test.before(async () => {
  server = await privatePostgres({ max_connections: 50 });
  await createDatabase(server, 'insurance');
  const env = { DATABASE_URL: server.url('insurance'), DATABASE_POOL_MAX: '5' };
  const orm = await createOrm(testConfig('insurance', env), 'test-migrate');
  await prepareDatabase(orm, testConfig('insurance', env));
  await orm.close();
  stack = await startStack({ database: 'insurance', env });
});
test.after.always(async () => {
  await stack?.close();
  await server?.destroy();
});

interface Outcome {
  at: number;
  key?: string;
  status: number;
  code?: string;
  retryAfter?: string;
  name?: string;
}

test('a restart of PostgreSQL under load: 503 with Retry-After while it is down, never 500, nothing acknowledged lost, every request served within 5 s of its return', async (t) => {
  const admin = await given.admin(stack);
  const api = client(stack.app).as(admin);
  const outcomes: Outcome[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const name = `role-${randomUUID()}`;
      const key = randomUUID();
      const write = Math.random() < 0.5;
      const res = write
        ? await api.post('/roles', { name, permissions: ['policy:read'] }, { headers: { 'idempotency-key': key } })
        : await api.get(`/users/${admin.id}`);
      outcomes.push({
        at: Date.now(),
        key: write ? key : undefined,
        status: res.statusCode,
        code: res.statusCode >= 400 ? res.json().error?.code : undefined,
        retryAfter: res.headers['retry-after'] as string | undefined,
        name: write ? name : undefined,
      });
      if (res.statusCode >= 500) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const load = Array.from({ length: 8 }, worker);
  await new Promise((r) => setTimeout(r, 1500));
  await server.stop('immediate');
  const downAt = Date.now();
  await new Promise((r) => setTimeout(r, 500));
  const probe = (url: string) => stack.app.inject({ method: 'GET', url });
  const ready = await probe('/health/ready');
  t.is(ready.statusCode, 503, 'not ready while the database is down');
  t.is(ready.json().error.code, 'NOT_READY');
  t.is((await probe('/health/live')).statusCode, 200, 'alive: a restart would not bring the database back');
  await new Promise((r) => setTimeout(r, 1500));
  await server.start();
  const backAt = Date.now();
  await new Promise((r) => setTimeout(r, 7000));
  running = false;
  await Promise.all(load);

  const by = (f: (o: Outcome) => boolean) => outcomes.filter(f);
  t.deepEqual(
    by((o) => o.status >= 500 && o.status !== 503).map((o) => `${o.status} ${o.code}`),
    [],
    'no answer but 503 among the failures',
  );
  const unavailable = by((o) => o.status === 503);
  t.true(unavailable.length > 0, 'requests during the outage were refused');
  t.true(
    unavailable.every((o) => o.code === 'SERVICE_UNAVAILABLE' && Number(o.retryAfter) > 0),
    JSON.stringify(unavailable.slice(0, 3)),
  );
  t.true(by((o) => o.at < downAt && o.status < 300).length > 0, 'served before the fault');
  const late = by((o) => o.at > backAt + 5000);
  t.true(late.length > 20, `served after the return: ${late.length}`);
  t.deepEqual(
    late.filter((o) => o.status >= 300).map((o) => o.status),
    [],
    'every request succeeds from 5 s after the return',
  );
  // A write refused with 503 released its key: the client's retry with the same key runs.
  const refusedWrites = by((o) => o.key !== undefined && o.status === 503);
  t.true(refusedWrites.length > 0, 'writes were refused during the outage');
  const retried = await Promise.all(
    refusedWrites.map((o) =>
      api.post('/roles', { name: o.name, permissions: ['policy:read'] }, { headers: { 'idempotency-key': o.key! } }),
    ),
  );
  t.deepEqual(
    retried.map((r) => r.statusCode),
    refusedWrites.map(() => 201),
    'each retry with its key is applied',
  );
  const acknowledged = [...by((o) => o.status === 201).map((o) => o.name!), ...refusedWrites.map((o) => o.name!)];
  const check = new pg.Client({ connectionString: server.url('insurance') });
  await check.connect();
  try {
    const { rows } = await check.query('select name from roles where name = any($1)', [acknowledged]);
    t.is(rows.length, acknowledged.length, 'every acknowledged write is stored');
  } finally {
    await check.end();
  }
});
