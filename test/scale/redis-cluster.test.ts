import test from 'ava';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { assertNoEviction, createRedis, settled } from '../../shared/redis.js';
import { bearer } from '../helpers/client.js';
import { sqlOn } from '../helpers/db.js';
import { given } from '../helpers/given.js';
import { type PrivateRedisCluster, privateRedisCluster } from '../helpers/private-redis-cluster.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';
import { postRegistryEvent } from '../helpers/webhooks.js';

/**
 * The service on a Redis Cluster of three masters (REDIS_CLUSTER_NODES): webhook intake, a sweep run
 * by hand, mail and audit chaining work as on one server, and each queue's keys sit under a hash tag
 * of their own, so the queues spread over the masters.
 */
let cluster: PrivateRedisCluster;
let stack: Stack;
test.before(async () => {
  cluster = await privateRedisCluster(3);
  stack = await startStack({ workers: true, env: { REDIS_CLUSTER_NODES: cluster.nodes } });
});
test.after.always(async () => {
  await stack?.close();
  await cluster?.destroy();
});

test.serial('webhook intake, a sweep, mail and audit chaining run through the cluster', async (t) => {
  const sql = sqlOn(stack);
  const userId = uuidv7();
  const email = `cluster-${userId}@example.test`;
  await sql(`insert into users (id, email, name, status) values (?, ?, 'Cluster Person', 'active')`, [userId, email]);
  const delivery = {
    eventId: `evt-${uuidv7()}`,
    type: 'identity.verified',
    occurredAt: new Date().toISOString(),
    data: { userId, reference: 'REG-C1' },
  };
  t.is((await postRegistryEvent(stack.app, delivery)).statusCode, 201);
  await waitFor(
    async () => (await sql(`select kyc_status from users where id = ?`, [userId]))[0].kyc_status === 'verified',
    'the registry event applied by the worker',
  );
  // A sweep started by hand, as from Bull Board.
  const job = await stack.workers!.queues.get('policies').add('expire', {});
  await waitFor(async () => (await job.getState()) === 'completed', 'the expiry sweep to complete');
  // A mail job: forgot-password queues one through the outbox.
  t.is((await stack.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } })).statusCode, 202);
  await waitFor(
    async () => (await stack.workers!.queues.get('mail').getJobCounts('completed')).completed >= 1,
    'the mail job to complete',
  );
  // Bull Board reads every queue through the cluster.
  const operator = await given.user(stack, { permissions: ['queue:read'] });
  const board = await stack.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: bearer(operator) });
  t.is(board.statusCode, 200);
  const shown = board.json().queues.map((q: { name: string }) => q.name);
  t.true(
    ['webhooks', 'policies', 'mail', 'audit'].every((name) => shown.includes(name)),
    String(shown),
  );
  // Audit chaining: its jobs run through the cluster and link entries. (Not "every entry": chaining
  // waits for transactions open anywhere on the PostgreSQL server, which other test files hold.)
  await waitFor(
    async () =>
      (await stack.workers!.queues.get('audit').getJobCounts('completed')).completed >= 1 &&
      (await sql(`select count(*)::int as n from audit_links`))[0].n > 0,
    'audit chain jobs completed, entries linked',
    60_000,
  );
  t.pass();
});

test.serial("each queue has its own hash tag: the queues' keys sit on more than one master", async (t) => {
  const masters = await cluster.masters();
  t.is(masters.length, 3);
  const queuesOn = new Map<number, Set<string>>();
  for (const port of masters) {
    const node = cluster.node(port);
    try {
      await node.connect();
      const keys = await node.keys(`${stack.config.REDIS_PREFIX.slice(0, -1)}:*`);
      queuesOn.set(port, new Set(keys.map((k) => /^\{[^:]+:([^}]+)\}/.exec(k)?.[1] ?? '')));
    } finally {
      node.disconnect();
    }
  }
  const holding = [...queuesOn.values()].filter((queues) => queues.size > 0);
  t.true(holding.length >= 2, `queue keys by master: ${JSON.stringify([...queuesOn].map(([p, q]) => [p, [...q]]))}`);
  for (const queue of ['webhooks', 'policies', 'mail', 'audit'])
    t.is(
      [...queuesOn.values()].filter((queues) => queues.has(queue)).length,
      1,
      `${queue}: all its keys on one master`,
    );
});

test.serial('the worker refuses a cluster with a master that evicts keys, whichever master it is', async (t) => {
  const [, second] = await cluster.masters();
  const node = cluster.node(second);
  const redis = createRedis(stack.config, 'command', 'eviction-check');
  try {
    await node.connect();
    await settled(redis);
    await t.notThrowsAsync(assertNoEviction(redis));
    await node.config('SET', 'maxmemory-policy', 'allkeys-lru');
    await t.throwsAsync(assertNoEviction(redis), { message: /noeviction/ });
  } finally {
    await node.config('SET', 'maxmemory-policy', 'noeviction');
    node.disconnect();
    redis.disconnect();
  }
});
