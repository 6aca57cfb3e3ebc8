import { randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import { isDatabaseUnavailable } from '../../shared/db/unavailable.js';
import { createOrm } from '../../shared/domains.js';
import { prepareDatabase } from '../../shared/prepare-database.js';
import { given, type SignedIn } from '../helpers/given.js';
import { freePort } from '../helpers/ports.js';
import { createDatabase, type PrivatePostgres, privatePostgres } from '../helpers/private-postgres.js';
import { type Service, spawnWeb, spawnWorker } from '../helpers/processes.js';
import { type Stack, startStack, testConfig, waitFor } from '../helpers/stack.js';

/**
 * PostgreSQL faults under load, against real processes: two web processes and one worker on a private
 * PostgreSQL, driven over HTTP. A restart: no answer is 500, a request that finds the database gone
 * answers 503 SERVICE_UNAVAILABLE with Retry-After, every acknowledged write is stored, a refused write
 * retried with its key is applied, and from 5 s after the return every request succeeds, with no
 * process restarted. Too few connections (max_connections=20 for three pools of 10): 503s with
 * Retry-After, never 500, and no idempotency key left in progress.
 */

interface Setup {
  server: PrivatePostgres;
  stack: Stack;
  admin: SignedIn;
  services: Service[];
  ports: number[];
  monitor?: pg.Client;
}

/** A private PostgreSQL with `settings`, the schema (through an in-process app, which also signs the admin in), two web processes and a worker. */
async function setUp(settings: Record<string, string | number>, poolMax: string): Promise<Setup> {
  const server = await privatePostgres(settings);
  await createDatabase(server, 'insurance');
  const setup = testConfig('insurance', { DATABASE_URL: server.url('insurance') });
  const orm = await createOrm(setup, 'test-migrate');
  await prepareDatabase(orm, setup).finally(() => orm.close());
  const stack = await startStack({
    database: 'insurance',
    env: { DATABASE_URL: server.url('insurance'), DATABASE_POOL_MAX: '2' },
  });
  const admin = await given.admin(stack);
  const c = stack.config;
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: server.url('insurance'),
    DATABASE_POOL_MAX: poolMax,
    REDIS_URL: c.REDIS_URL,
    REDIS_PREFIX: c.REDIS_PREFIX,
    JWT_SECRET: c.JWT_SECRET as string,
    REGISTRY_WEBHOOK_SECRET:
      process.env.REGISTRY_WEBHOOK_SECRET ?? 'whsec_dGVzdC1yZWdpc3RyeS1zZWNyZXQtMDEyMzQ1Njc4OQ==',
    RATE_LIMIT_MAX: '1000000',
    OUTBOX_POLL_MS: '200',
  };
  const ports = [await freePort(), await freePort()];
  const monitor = new pg.Client({ connectionString: server.url('insurance') });
  monitor.on('error', () => {});
  await monitor.connect();
  const services = await Promise.all([spawnWeb(ports[0], env), spawnWeb(ports[1], env), spawnWorker(env)]);
  return { server, stack, admin, services, ports, monitor };
}

async function tearDown(s: Setup | undefined): Promise<void> {
  if (!s) return;
  await Promise.all(s.services.map((p) => p.stop()));
  await s.monitor?.end().catch(() => {});
  await s.stack.close();
  await s.server.destroy();
}

interface Outcome {
  at: number;
  status: number;
  code?: string;
  retryAfter?: string | null;
  key?: string;
  name?: string;
}

/** `concurrency` clients, alternating between the two web processes, half writes (with a key) and half reads. */
function load(s: Setup, concurrency: number) {
  const outcomes: Outcome[] = [];
  let running = true;
  const auth = { authorization: `Bearer ${s.admin.token}` };
  const client = async (n: number) => {
    for (let i = 0; running; i++) {
      const base = `http://127.0.0.1:${s.ports[(n + i) % 2]}`;
      const name = `role-${randomUUID()}`;
      const key = randomUUID();
      const write = i % 2 === 0;
      const res = await (write
        ? fetch(`${base}/roles`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify({ name, permissions: ['policy:read'] }),
          })
        : fetch(`${base}/users/${s.admin.id}`, { headers: auth })
      ).catch((err: Error) => ({
        status: 0,
        headers: new Headers(),
        json: async () => ({ error: { code: err.message } }),
      }));
      const body =
        res.status >= 400 || res.status === 0 ? ((await res.json()) as { error?: { code: string } }) : undefined;
      if (!body && 'body' in res) await res.body?.cancel();
      outcomes.push({
        at: Date.now(),
        status: res.status,
        code: body?.error?.code,
        retryAfter: res.headers.get('retry-after'),
        key: write ? key : undefined,
        name: write ? name : undefined,
      });
      if (res.status >= 500) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const clients = Array.from({ length: concurrency }, (_, n) => client(n));
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(clients);
      return outcomes;
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A query of the test's own, on its own connection (held from the start: the app may take every other slot). */
async function rows(s: Setup, text: string, values: unknown[] = [], again = true): Promise<any[]> {
  if (!s.monitor) {
    s.monitor = new pg.Client({ connectionString: s.server.url('insurance') });
    s.monitor.on('error', () => {});
    await s.monitor.connect();
  }
  try {
    return (await s.monitor.query(text, values)).rows;
  } catch (err) {
    if (!again || !isDatabaseUnavailable(err)) throw err;
    // The connection did not survive the restart of the server: open another.
    await s.monitor.end().catch(() => {});
    s.monitor = undefined;
    return rows(s, text, values, false);
  }
}

function noFailureButUnavailable(t: ExecutionContext, outcomes: Outcome[]) {
  t.deepEqual(
    outcomes.filter((o) => o.status === 0 || (o.status >= 500 && o.status !== 503)).map((o) => `${o.status} ${o.code}`),
    [],
    'no 500 and no connection reset',
  );
  const unavailable = outcomes.filter((o) => o.status === 503);
  t.true(
    unavailable.every((o) => o.code === 'SERVICE_UNAVAILABLE' && Number(o.retryAfter) > 0),
    JSON.stringify(unavailable.slice(0, 3)),
  );
  return unavailable;
}

let restart: Setup | undefined;
test.after.always(async () => {
  await tearDown(restart);
});

test.serial(
  'PostgreSQL restarted under load (two web processes, one worker): no 500, nothing acknowledged lost, all served from 5 s after its return',
  async (t) => {
    restart = await setUp({ max_connections: 100 }, '10');
    const s = restart;
    const run = load(s, 8);
    await pause(1500);
    await s.server.stop('immediate');
    const downAt = Date.now();
    await pause(500);
    const probe = (path: string) => fetch(`http://127.0.0.1:${s.ports[1]}${path}`);
    const ready = await probe('/health/ready');
    t.is(ready.status, 503, 'not ready while the database is down');
    t.is(((await ready.json()) as { error: { code: string } }).error.code, 'NOT_READY');
    t.is((await probe('/health/live')).status, 200, 'alive: restarting the process would not bring the database back');
    await pause(1500);
    await s.server.start();
    const backAt = Date.now();
    await pause(7000);
    const outcomes = await run.stop();

    t.true(noFailureButUnavailable(t, outcomes).length > 0, 'requests during the outage were refused');
    t.true(
      outcomes.some((o) => o.at < downAt && o.status < 300),
      'served before the fault',
    );
    const late = outcomes.filter((o) => o.at > backAt + 5000);
    t.true(late.length > 20, `served after the return: ${late.length}`);
    t.deepEqual(
      late.filter((o) => o.status >= 300).map((o) => `${o.status} ${o.code}`),
      [],
      'all served from 5 s after the return',
    );

    const refused = outcomes.filter((o) => o.key && o.status === 503);
    const retried = await Promise.all(
      refused.map((o) =>
        fetch(`http://127.0.0.1:${s.ports[0]}/roles`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${s.admin.token}`,
            'content-type': 'application/json',
            'idempotency-key': o.key!,
          },
          body: JSON.stringify({ name: o.name, permissions: ['policy:read'] }),
        }).then((r) => r.status),
      ),
    );
    t.deepEqual(
      retried,
      refused.map(() => 201),
      'a refused write retried with its key is applied',
    );
    const acknowledged = [...outcomes.filter((o) => o.status === 201), ...refused].map((o) => o.name!);
    const stored = await rows(s, 'select name from roles where name = any($1)', [acknowledged]);
    t.is(stored.length, acknowledged.length, 'every acknowledged write is stored');
    // Every role created wrote its audit entry, and the worker's chain takes them all once the database is back.
    await waitFor(
      async () =>
        (
          await rows(
            s,
            `select count(*)::int as n from audit_entries a where not exists (select from audit_links l where l.entry_id = a.id)`,
          )
        )[0].n === 0,
      'the audit chain to catch up',
      20_000,
    );
    t.pass();
  },
);

test.serial(
  'too few connections (max_connections=20, three pools of 10) under load: 503 with Retry-After, never 500, no key left in progress',
  async (t) => {
    // The same processes, on the server restarted with room for fewer connections than their pools.
    const crowded = restart!;
    await crowded.server.stop('fast');
    await crowded.server.start({ max_connections: 20 });
    await waitFor(
      () =>
        rows(crowded, 'select 1').then(
          () => true,
          () => false,
        ),
      "the test's own connection (held before the pools take every slot)",
    );
    const run = load(crowded, 48);
    await pause(6000);
    const outcomes = await run.stop();
    const unavailable = noFailureButUnavailable(t, outcomes);
    t.true(unavailable.length > 0, 'some requests found no connection');
    t.true(outcomes.filter((o) => o.status < 300).length > unavailable.length, 'most were served');
    const inProgress = await waitFor(
      async () => {
        const [{ n }] = await rows(
          crowded,
          `select count(*)::int as n from idempotency_records where state = 'in_progress'`,
        );
        return n === 0 ? 'none' : undefined;
      },
      'every refused write to release its key',
      5000,
    );
    t.is(inProgress, 'none');
  },
);
