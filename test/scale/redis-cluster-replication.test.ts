import test from 'ava';
import type { Redis } from 'ioredis';
import { QUEUE_NAMES } from '../../shared/jobs/catalogue.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { OutboxRelay } from '../../shared/kernel/outbox-relay.js';
import { QueueSet, queuePrefix } from '../../shared/kernel/queue-set.js';
import { createRedis, settled, withTimeout } from '../../shared/redis.js';
import { startWorkers } from '../../workers/main.js';
import { sqlOn } from '../helpers/db.js';
import { type PrivateRedisCluster, privateRedisCluster } from '../helpers/private-redis-cluster.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';
import { OUTBOX_ROW_OF_EVENT, postRegistryEvent } from '../helpers/webhooks.js';

/**
 * What asynchronous replication can lose, made to happen: the master of the webhooks queue
 * acknowledges a job its replica never receives, then dies. The relay (replicated-add.ts) has not
 * marked the row relayed, since no replica confirmed the job (WAIT); after the promotion it adds the
 * job again and the event is applied.
 *
 * Deterministic: the replica is stopped (SIGSTOP), so it acknowledges nothing, and the master's link to
 * it is filled first (filler keys until more than 2 MB wait in the master's own output buffer, past
 * what the sockets hold). Whatever the master writes next stays in its memory and dies with it.
 */
let cluster: PrivateRedisCluster;
let stack: Stack;
test.before(async () => {
  cluster = await privateRedisCluster(3, 1);
  // No workers: the test drives its own relay pass by pass, and starts a worker once the replica is promoted.
  stack = await startStack({ env: { REDIS_CLUSTER_NODES: cluster.nodes } });
});
test.after.always(async () => {
  await stack?.close();
  await cluster?.destroy();
});

/** Bytes the master holds for its replica beyond what the sockets took (CLIENT LIST `omem`). */
const heldForReplica = async (master: Redis) =>
  Number(/ omem=(\d+)/.exec(String(await master.call('CLIENT', 'LIST', 'TYPE', 'replica')))?.[1] ?? 0);

test('a job the dead master never replicated is relayed again after the promotion, and applied', async (t) => {
  t.timeout(60_000);
  const sql = sqlOn(stack);
  const userId = uuidv7();
  await sql(`insert into users (id, email, name, status) values (?, ?, 'Replica Person', 'active')`, [
    userId,
    `replica-${userId}@example.test`,
  ]);
  const post = async () => {
    const eventId = `evt-${uuidv7()}`;
    const res = await postRegistryEvent(stack.app, {
      eventId,
      type: 'identity.verified',
      occurredAt: new Date().toISOString(),
      data: { userId, reference: eventId },
    });
    t.is(res.statusCode, 201);
    return eventId;
  };
  const rowOf = async (eventId: string) =>
    (await sql(`select id, dispatched_at, last_error from outbox where ${OUTBOX_ROW_OF_EVENT}`, [eventId, eventId]))[0];
  const victim = await cluster.masterOf(queuePrefix(stack.config.REDIS_PREFIX, 'webhooks', true));
  const replica = await cluster.replicaOf(victim);
  const redis = createRedis(stack.config, 'command', 'relay-under-test');
  await settled(redis);
  const queues = new QueueSet(redis, stack.config.REDIS_PREFIX, QUEUE_NAMES, true);
  const relay = new OutboxRelay({
    orm: stack.orm,
    queues,
    log: stack.app.log as never,
    databaseUrl: stack.config.DATABASE_URL,
    pollMs: 60_000,
  });
  const webhooks = queues.get('webhooks');
  const master = cluster.node(victim);
  const promoted = cluster.node(replica);
  let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
  try {
    await master.connect();
    // The replica online: WAIT confirms at once and the row is relayed in the same pass.
    const before = await post();
    await relay.drain();
    t.truthy((await rowOf(before)).dispatched_at);

    cluster.pause(replica);
    const filler = Buffer.alloc(1 << 20, 'x');
    for (let i = 0; (await heldForReplica(master)) < 2 << 20; i++) {
      if (i > 48) throw new Error('the link to the stopped replica never filled');
      await master.set(webhooks.toKey(`filler-${i}`), filler);
      await new Promise((r) => setTimeout(r, 20));
    }
    const lost = await post();
    await relay.drain();
    const row = await rowOf(lost);
    const jobKey = webhooks.toKey(row.id);
    t.is(await master.exists(jobKey), 1, 'the master acknowledged the job');
    t.is(row.dispatched_at, null, 'but the row is not relayed: no replica confirmed the job');
    t.regex(row.last_error, /replica/);

    const killedAt = Date.now();
    await cluster.kill(victim);
    cluster.resume(replica);
    await waitFor(async () => (await cluster.masters()).includes(replica), 'the replica promoted', 30_000);
    t.log(`replica promoted ${Date.now() - killedAt} ms after the kill`);
    await promoted.connect();
    t.is(await promoted.exists(jobKey), 0, 'the promoted replica never had the job');

    // The next passes add it again, to the new master (no replica of its own yet: nothing to WAIT for).
    await waitFor(
      async () => (await relay.drain().catch(() => 0)) >= 0 && (await rowOf(lost)).dispatched_at,
      'the row relayed again after the promotion',
      20_000,
    );
    t.is(await promoted.exists(jobKey), 1, 'the job is back');
    workers = await startWorkers({
      config: stack.config,
      orm: stack.orm,
      log: stack.app.log as never,
      relay: false,
      schedulers: false,
    });
    await waitFor(
      async () =>
        (
          await sql(`select count(*)::int as n from registry_events where event_id in (?) and status = 'processed'`, [
            [before, lost],
          ])
        )[0].n === 2,
      'both events processed',
    );
    const applied = await sql(
      `select count(*)::int as n from audit_entries where action = 'registry_event.process' and subject_id = ?`,
      [lost],
    );
    t.is(applied[0].n, 1, 'applied once');
  } finally {
    await workers?.close();
    await withTimeout(queues.close(), 5000, 'closing the queues').catch(() => {});
    redis.disconnect();
    master.disconnect();
    promoted.disconnect();
  }
});
