import test from 'ava';
import pg from 'pg';
import { createOrm } from '../../shared/domains.js';
import { prepareDatabase } from '../../shared/prepare-database.js';
import { type Api, client } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { createDatabase, type PrivatePostgres, privatePostgres, privateReplica } from '../helpers/private-postgres.js';
import { type Stack, startStack, testConfig, waitFor } from '../helpers/stack.js';
import { createUser } from '../helpers/through-api.js';

/**
 * Reads on a streaming replica (DATABASE_READ_URL), on a private primary and a hot standby of it that
 * applies the primary's changes 1.5 s late on purpose (`recovery_min_apply_delay`): GETs by a caller
 * who has not written lately go to the replica (and so miss a change made a moment ago by someone
 * else), while a caller who just wrote reads from the primary and always sees its own write.
 */
const APPLY_DELAY_MS = 1500;
const METRICS_TOKEN = 'replica-metrics-token-0123456789';
let primary: PrivatePostgres;
let replica: PrivatePostgres;
/** Replicas are used up to a minute behind: this one always is, and reads reach it. */
let lenient: Stack;
/** Replicas are skipped when more than 500 ms behind. */
let strict: Stack;

test.before(async () => {
  primary = await privatePostgres();
  await createDatabase(primary, 'insurance');
  const env = { DATABASE_URL: primary.url('insurance') };
  const orm = await createOrm(testConfig('insurance', env), 'test-migrate');
  await prepareDatabase(orm, testConfig('insurance', env));
  await orm.close();
  replica = await privateReplica(primary, { recovery_min_apply_delay: `${APPLY_DELAY_MS}ms` });
  const replicaEnv = {
    ...env,
    DATABASE_READ_URL: replica.url('insurance'),
    REPLICA_RETRY_MS: '1000',
    METRICS_TOKEN: METRICS_TOKEN,
  };
  lenient = await startStack({ database: 'insurance', env: { ...replicaEnv, REPLICA_MAX_LAG_MS: '60000' } });
  strict = await startStack({ database: 'insurance', env: { ...replicaEnv, REPLICA_MAX_LAG_MS: '500' } });
});
test.after.always(async () => {
  await lenient?.close();
  await strict?.close();
  await replica?.destroy();
  await primary?.destroy();
});

const replicaState = async (stack: Stack) => {
  const res = await stack.app.inject({ method: 'GET', url: '/health' });
  return res.json().data.replicas[0] as { status: string; lagMs: number | null; reads: number };
};

/** A writer and a reader who never writes, both administrators signed in on `stack`. */
async function twoCallers(stack: Stack): Promise<{ writer: Api; reader: Api }> {
  const writer = await given.admin(stack);
  const reader = await given.admin(stack);
  // Both exist on the replica before the test reads with them (their sign-in reads the primary).
  await new Promise((r) => setTimeout(r, APPLY_DELAY_MS + 500));
  return { writer: client(stack.app, writer), reader: client(stack.app, reader) };
}

test.serial('a caller reads its own writes at once, while others read the lagging replica', async (t) => {
  const { writer, reader } = await twoCallers(lenient);
  // Checked after the callers' sign-ups: until a replica has replayed a transaction since it started,
  // its lag is unknown, and a check made while it was behind then skipped it for REPLICA_RETRY_MS.
  await waitFor(async () => (await replicaState(lenient)).status === 'up', 'the replica to be in use');
  const before = (await replicaState(lenient)).reads;
  let othersMissed = 0;
  for (let i = 0; i < 10; i++) {
    const user = await createUser(writer);
    const [own, others] = await Promise.all([writer.get(`/users/${user.id}`), reader.get(`/users/${user.id}`)]);
    t.is(own.statusCode, 200, 'the writer sees its own new user at once');
    const ownList = await writer.get(`/users?q=${encodeURIComponent(user.email)}`);
    t.is(ownList.json().data.length, 1, 'and finds it in the list');
    if (others.statusCode === 404) othersMissed++;
    else t.is(others.statusCode, 200);
  }
  t.true(
    othersMissed >= 8,
    `someone else reads the replica, ${APPLY_DELAY_MS} ms behind (missed ${othersMissed} of 10)`,
  );
  const after = await replicaState(lenient);
  t.true(after.reads > before, 'the replica served reads');
  const metrics = await lenient.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  t.regex(metrics.body, /backoffice_replica_lag_seconds\{replica="replica-1"[^}]*\} \d/);
  t.regex(metrics.body, /backoffice_replica_up\{replica="replica-1",status="up"[^}]*\} 1/);
  const served = metrics.body.match(/backoffice_replica_reads_total\{target="replica-1"[^}]*\} (\d+)/);
  t.true(Number(served?.[1]) >= after.reads, 'the reads it served, for its share of all reads');
  // The reader sees them once the replica has applied them.
  const last = await createUser(writer);
  await waitFor(async () => (await reader.get(`/users/${last.id}`)).statusCode === 200, 'the replica to catch up');
});

test.serial('a replica lagging more than REPLICA_MAX_LAG_MS is skipped: its reads go to the primary', async (t) => {
  const { writer, reader } = await twoCallers(strict);
  // Each write opens a window of APPLY_DELAY_MS in which a check finds the replica behind.
  await waitFor(async () => {
    await createUser(writer);
    await new Promise((r) => setTimeout(r, 300));
    return (await replicaState(strict)).status === 'lagging';
  }, 'the replica to be seen lagging');
  const user = await createUser(writer);
  const res = await reader.get(`/users/${user.id}`);
  t.is(res.statusCode, 200, 'read from the primary, not from the replica 1.5 s behind');
  const health = (await strict.app.inject({ method: 'GET', url: '/health' })).json().data;
  t.is(health.status, 'degraded');
  t.true(health.problems.some((p: string) => p.startsWith('replica-1 is lagging')));
});

test.serial('a replica cut off from the primary is skipped: its replay stops, so its lag grows', async (t) => {
  const { writer, reader } = await twoCallers(strict);
  await waitFor(async () => (await replicaState(strict)).status === 'up', 'the replica to be in use');
  const onReplica = async (text: string) => {
    const c = new pg.Client({ connectionString: replica.url('insurance') });
    await c.connect();
    return (await c.query(text).finally(() => c.end())).rows;
  };
  // pg_basebackup -R wrote it in postgresql.auto.conf, where ALTER SYSTEM writes too.
  const [{ primary_conninfo: following }] = await onReplica('show primary_conninfo');
  // The replica stops following: it has all it received, and receives nothing more.
  await onReplica(`alter system set primary_conninfo = ''`);
  await onReplica('select pg_reload_conf()');
  try {
    const user = await waitFor(async () => {
      const created = await createUser(writer);
      await new Promise((r) => setTimeout(r, 300));
      return (await replicaState(strict)).status === 'lagging' ? created : undefined;
    }, 'the cut-off replica to be seen lagging');
    t.is((await reader.get(`/users/${user.id}`)).statusCode, 200, 'read from the primary');
  } finally {
    await onReplica(`alter system set primary_conninfo = '${String(following).replaceAll("'", "''")}'`);
    await onReplica('select pg_reload_conf()');
  }
});

test.serial(
  'a replica stopped under read load: every read answers 200, writes go on, reads return to it',
  async (t) => {
    await waitFor(async () => (await replicaState(lenient)).status === 'up', 'the replica to be in use');
    const { writer, reader } = await twoCallers(lenient);
    const known = await createUser(writer);
    await waitFor(async () => (await reader.get(`/users/${known.id}`)).statusCode === 200, 'the replica to have it');
    const statuses = new Map<number, number>();
    let slowest = 0;
    let stop = false;
    const load = async () => {
      while (!stop) {
        const started = Date.now();
        const res = await (Math.random() < 0.5 ? reader.get(`/users/${known.id}`) : reader.get('/users?limit=5'));
        slowest = Math.max(slowest, Date.now() - started);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      }
    };
    const readers = Array.from({ length: 4 }, load);
    await new Promise((r) => setTimeout(r, 500));
    await replica.stop('immediate');
    const stoppedAt = Date.now();
    await new Promise((r) => setTimeout(r, 1500));
    const write = await writer.post('/users', { email: `during-${Date.now()}@example.test`, name: 'During' });
    t.is(write.statusCode, 201, 'writes are not affected');
    t.is((await replicaState(lenient)).status, 'down');
    const health = await lenient.app.inject({ method: 'GET', url: '/health/ready' });
    t.is(health.statusCode, 200, 'readiness does not depend on replicas');
    await replica.start();
    const back = await waitFor(
      async () => ((await replicaState(lenient)).status === 'up' ? Date.now() : undefined),
      'the replica to serve again',
      30_000,
    );
    const readsBack = (await replicaState(lenient)).reads;
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await Promise.all(readers);
    t.log(
      `reads: ${JSON.stringify(Object.fromEntries(statuses))}; slowest ${slowest} ms; back in use after ${back - stoppedAt} ms`,
    );
    t.deepEqual(
      [...statuses.keys()],
      [200],
      'every read answered 200: a read that failed on the replica ran on the primary',
    );
    t.true((await replicaState(lenient)).reads > readsBack, 'reads went to the replica again');
  },
);
