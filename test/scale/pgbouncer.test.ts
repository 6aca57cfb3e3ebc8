import { randomUUID } from 'node:crypto';
import test from 'ava';
import { ConfigError, loadConfig } from '../../shared/config/index.js';
import { createOrm } from '../../shared/domains.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { prepareDatabase } from '../../shared/prepare-database.js';
import { sqlOn } from '../helpers/db.js';
import { given, type SignedIn } from '../helpers/given.js';
import { freePort } from '../helpers/ports.js';
import { type PrivatePgbouncer, privatePgbouncer } from '../helpers/private-pgbouncer.js';
import { createDatabase, type PrivatePostgres, privatePostgres } from '../helpers/private-postgres.js';
import { type Service, spawnWeb, spawnWorker } from '../helpers/processes.js';
import { dayFromToday, QUOTE } from '../helpers/quotations.js';
import { type Stack, startStack, testConfig, waitFor } from '../helpers/stack.js';
import { signedRequest } from '../helpers/webhooks.js';

/**
 * The service behind PgBouncer in transaction mode (DATABASE_POOLER=transaction), on a private
 * PostgreSQL with max_connections=20: migrations, then two web processes with pools of 20 and a worker
 * with 10 (more client connections than the server takes) share 8 server connections, while the
 * worker LISTENs on DATABASE_LISTEN_URL, straight to PostgreSQL. A claim's whole life, a sweep started
 * by hand, registry deliveries through the outbox, and a crowd of reads and writes: every answer 2xx,
 * nothing logged as an error. The same web process with named prepared statements (DATABASE_POOLER
 * unset) fails through the same pooler: what the setting prevents.
 */
const MAX_CONNECTIONS = 20;
const SERVER_POOL = 8;
let server: PrivatePostgres;
let bouncer: PrivatePgbouncer;
let stack: Stack;
const services: Service[] = [];
let env: Record<string, string>;
let ports: number[];

test.before(async () => {
  server = await privatePostgres({ max_connections: MAX_CONNECTIONS });
  await createDatabase(server, 'insurance');
  bouncer = await privatePgbouncer(server.port, { default_pool_size: SERVER_POOL, max_db_connections: SERVER_POOL });
  const pooled = {
    DATABASE_URL: bouncer.url('insurance'),
    DATABASE_POOLER: 'transaction',
    DATABASE_LISTEN_URL: server.url('insurance'),
  };
  // The release step through the pooler: migrations in one transaction, the seed under a transaction-level lock.
  const setup = testConfig('insurance', pooled);
  const orm = await createOrm(setup, 'test-migrate');
  await prepareDatabase(orm, setup).finally(() => orm.close());
  stack = await startStack({ database: 'insurance', env: { ...pooled, DATABASE_POOL_MAX: '2' } });
  const c = stack.config;
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    ...pooled,
    REDIS_URL: c.REDIS_URL,
    REDIS_PREFIX: c.REDIS_PREFIX,
    JWT_SECRET: c.JWT_SECRET as string,
    REGISTRY_WEBHOOK_SECRET: c.REGISTRY_WEBHOOK_SECRET,
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_WEBHOOK_MAX: '1000000',
    AUDIT_CHAIN_EVERY_MS: '200',
    // Only a notification moves the outbox soon: the LISTEN on DATABASE_LISTEN_URL must work.
    OUTBOX_POLL_MS: '60000',
  };
  ports = [await freePort(), await freePort()];
  services.push(
    ...(await Promise.all([
      spawnWeb(ports[0], { ...env, DATABASE_POOL_MAX: '20' }),
      spawnWeb(ports[1], { ...env, DATABASE_POOL_MAX: '20' }),
      spawnWorker({ ...env, DATABASE_POOL_MAX: '10' }),
    ])),
  );
});
test.after.always(async () => {
  await Promise.all(services.map((s) => s.stop()));
  await stack?.close();
  await bouncer?.destroy();
  await server?.destroy();
});

interface Outcome {
  what: string;
  status: number;
  body: any;
}
const outcomes: Outcome[] = [];
let sent = 0;

/** One request to a web process (alternating), recorded; `who` signs it. */
async function call(what: string, method: string, path: string, who?: SignedIn, body?: unknown, port?: number) {
  const res = await fetch(`http://127.0.0.1:${port ?? ports[sent++ % 2]}${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const outcome: Outcome = { what, status: res.status, body: await res.json().catch(() => null) };
  outcomes.push(outcome);
  return outcome;
}

/** A claim filed by one user, then reviewed, settled, paid in full and closed by another (four eyes). */
async function claimLife(filer: SignedIn, handler: SignedIn, policyId: string) {
  const amount = { amountMinor: 300_000, currency: 'KES' };
  const filed = await call('file', 'POST', '/claims', filer, {
    policyId,
    incidentDate: dayFromToday(0),
    description: 'Burst pipe in the kitchen',
    claimedAmount: { amountMinor: 500_000, currency: 'KES' },
  });
  const id = filed.body.data.id as string;
  await call('review', 'POST', `/claims/${id}/review`, handler);
  await call('settle', 'POST', `/claims/${id}/settle`, handler, { amount });
  const payment = { amount, method: 'bank_transfer', reference: `BT-${id}`, paidAt: new Date().toISOString() };
  await call('pay', 'POST', `/claims/${id}/payments`, handler, payment);
  await call('close', 'POST', `/claims/${id}/close`, handler);
  return (await call('read claim', 'GET', `/claims/${id}`, handler)).body.data;
}

/** A registry delivery as the registry signs it, over HTTP. */
async function deliver(userId: string) {
  const event = {
    eventId: `evt-${uuidv7()}`,
    type: 'identity.verified',
    occurredAt: new Date().toISOString(),
    data: { userId, reference: 'REG-PGB' },
  };
  const { payload, headers } = signedRequest(stack.app, event);
  const res = await fetch(`http://127.0.0.1:${ports[sent++ % 2]}/webhooks/registry`, {
    method: 'POST',
    headers,
    body: payload,
  });
  outcomes.push({ what: 'registry delivery', status: res.status, body: await res.json().catch(() => null) });
}

test.serial('a claim, a sweep, registry deliveries and a crowd of requests through PgBouncer: all 2xx', async (t) => {
  t.timeout(120_000);
  const count = async (from: string, params: unknown[] = []) =>
    (await sqlOn(stack)(`select count(*)::int as n from ${from}`, params))[0].n as number;
  const [admin, filer, handler, agent, staff] = await Promise.all([
    given.admin(stack),
    given.admin(stack),
    given.admin(stack),
    given.user(stack, { roles: ['agent'] }),
    given.user(stack, { roles: ['insurer_staff'], insurerId: 'insurer-q' }),
  ]);
  const policyId = (await given.policy(stack, { agentId: admin.id, sumInsuredMinor: 1_000_000 })).id;
  const users = Array.from({ length: 40 }, () => uuidv7());
  await sqlOn(stack)(
    `insert into users (id, email, name, status) select id, 'pgb-' || id || '@example.test', 'Pooled', 'active' from unnest(string_to_array(?, ',')::uuid[]) id`,
    [users.join(',')],
  );
  // A quotation whose quote ran out yesterday, for the sweep.
  const applicant = { name: 'Wanjiru Kamau' };
  const sumInsured = { amountMinor: 2_000_000_00, currency: 'KES' };
  const body = { productCode: 'MOTOR-COMP', applicant, sumInsured, insurerId: 'insurer-q' };
  const quotationId = (await call('request quote', 'POST', '/quotations', agent, body)).body.data.id as string;
  await call('quote', 'POST', `/quotations/${quotationId}/respond`, staff, QUOTE);
  await sqlOn(stack)(`update quotations set valid_until = ?::date where id = ?`, [dayFromToday(-1), quotationId]);

  const started = Date.now();
  const crowd = async (n: number) => {
    for (let i = 0; i < 25; i++) {
      const role = { name: `role-${randomUUID()}`, permissions: ['policy:read'] };
      if (i % 4 === 0) await call('create role', 'POST', '/roles', admin, role);
      else if (i % 4 === 1) await call('read user', 'GET', `/users/${users[(n + i) % users.length]}`, admin);
      else if (i % 4 === 2) await call('read policy', 'GET', `/policies/${policyId}`, admin);
      else await call('list claims', 'GET', '/claims?limit=5', admin);
    }
  };
  const { result, clients, servers } = await bouncer.peaks(
    'insurance',
    Promise.all([
      claimLife(filer, handler, policyId),
      call('sweep', 'POST', '/quotations/sweep/expire', admin),
      ...users.map(deliver),
      ...Array.from({ length: 64 }, (_, n) => crowd(n)),
    ]),
  );
  const [claim, sweep] = result;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  t.log(`${outcomes.length} requests in ${seconds} s; at most ${clients} clients on ${servers} server connections`);
  const refused = outcomes.filter((o) => o.status < 200 || o.status >= 300);
  t.deepEqual(
    refused.map((o) => `${o.what}: ${o.status} ${JSON.stringify(o.body)}`),
    [],
    'every answer 2xx',
  );
  t.true(clients > MAX_CONNECTIONS, `more clients (${clients}) than PostgreSQL takes (${MAX_CONNECTIONS})`);
  t.true(servers <= SERVER_POOL, `${servers} server connections`);
  t.like(claim, { status: 'closed' });

  // The sweep ran on the worker and expired the quotation; the deliveries went through the outbox
  // (relayed at a notification: the poll is a minute) and the worker applied each one.
  const sweepJob = () => stack.app.queues.get('quotations').getJob(sweep.body.data.jobId);
  await waitFor(async () => (await (await sweepJob())?.getState()) === 'completed', 'the sweep to complete');
  t.is((await call('read quote', 'GET', `/quotations/${quotationId}`, admin)).body.data.status, 'expired');
  const verified = () =>
    count(`users where id = any(string_to_array(?, ',')::uuid[]) and kyc_status = 'verified'`, [users.join(',')]);
  await waitFor(async () => (await verified()) === users.length, 'every delivery applied by the worker', 30_000);
  await waitFor(async () => (await count('outbox where dispatched_at is null')) === 0, 'the outbox to empty');
  const unchained = 'audit_entries a where not exists (select from audit_links l where l.entry_id = a.id)';
  await waitFor(async () => (await count(unchained)) === 0, 'the audit chain to catch up', 30_000);
  const logged = services.flatMap((s) => s.output().split('\n')).filter((l) => /"level":(50|60)/.test(l));
  t.deepEqual(logged, [], 'no process logged an error');
  const complaints = bouncer
    .log()
    .split('\n')
    .filter((l) => /ERROR|WARNING|pooler error/.test(l));
  t.deepEqual(complaints, [], 'pgbouncer reported nothing');
});

test.serial(
  'with named prepared statements (DATABASE_POOLER unset) the same pooler breaks reads: what the setting prevents',
  async (t) => {
    const admin = await given.admin(stack);
    const port = await freePort();
    const named = await spawnWeb(port, { ...env, DATABASE_POOLER: 'none', DATABASE_POOL_MAX: '20' });
    services.push(named);
    const before = outcomes.length;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let i = 0; i < 5; i++)
          await call('read user (named)', 'GET', `/users/${admin.id}`, admin, undefined, port);
      }),
    );
    const failed = outcomes.slice(before).filter((o) => o.status === 500);
    t.log(`${failed.length} of ${outcomes.length - before} reads answered 500`);
    t.true(failed.length > 0, 'some reads failed');
    // Log lines leave in batches, up to 200 ms after they are made.
    const refusal = /prepared statement .* (already exists|does not exist)/;
    await waitFor(async () => refusal.test(named.output()), 'the error lines of the failed reads', 5_000);
    t.regex(named.output(), refusal);
  },
);

test('DATABASE_POOLER=transaction without DATABASE_LISTEN_URL is refused at start', (t) => {
  const error = t.throws(() => loadConfig({ DATABASE_POOLER: 'transaction' }), { instanceOf: ConfigError });
  t.deepEqual(error?.variables, ['DATABASE_LISTEN_URL']);
  t.notThrows(() => loadConfig({ DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: 'postgres://db:5432/x' }));
});
