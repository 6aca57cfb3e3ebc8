import test from 'ava';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { client } from '../helpers/client.js';
import { sqlOn } from '../helpers/db.js';
import { given } from '../helpers/given.js';
import { type PrivateRedisCluster, privateRedisCluster } from '../helpers/private-redis-cluster.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';
import { postRegistryEvent } from '../helpers/webhooks.js';

/**
 * A master failover under load: three masters with a replica each; while registry deliveries and
 * authenticated reads (rate limit and caller stamps in Redis) keep arriving, the master holding the
 * webhooks queue is killed. Its replica is promoted; no delivery is
 * answered 500 (201, or 503 with Retry-After while it lasts), every one is 2xx again within 15 s of
 * the kill, and every event acknowledged before, during and after is applied, once. The log gives the
 * figures: promotion, readiness, refusals, outbox rows relayed again, events handed to a job more than
 * once and jobs started more than once (counted from the workers' `active` events).
 */
let cluster: PrivateRedisCluster;
let stack: Stack;
test.before(async () => {
  cluster = await privateRedisCluster(3, 1);
  stack = await startStack({
    workers: true,
    // A job the failover interrupted (its lock not renewed meanwhile) runs again within 7.5 s, not 45 s.
    env: { REDIS_CLUSTER_NODES: cluster.nodes, RATE_LIMIT_WEBHOOK_MAX: '100000', JOB_LOCK_MS: '5000' },
  });
});
test.after.always(async () => {
  await stack?.close();
  await cluster?.destroy();
});

test('killing the master of the webhooks queue under load: no 500, 2xx again within 15 s, nothing acknowledged lost', async (t) => {
  t.timeout(90_000);
  const sql = sqlOn(stack);
  const userId = uuidv7();
  await sql(`insert into users (id, email, name, status) values (?, ?, 'Failover Person', 'active')`, [
    userId,
    `failover-${userId}@example.test`,
  ]);
  const prefix = stack.config.REDIS_PREFIX.replace(/[{}]/g, '');
  const victim = await cluster.masterOf(`{${prefix}:webhooks}`);
  // Every start of a job, by queue and id, and of every event a job carried: what ran more than once.
  const runs = new Map<string, number>();
  const eventRuns = new Map<string, number>();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const worker of stack.workers!.workers)
    worker.on('active', (job) => {
      count(runs, `${worker.name}:${job.id}`);
      const data = job.data as { events?: { eventId: string }[]; eventId?: string };
      for (const e of data.events ?? (data.eventId ? [{ eventId: data.eventId }] : [])) count(eventRuns, e.eventId);
    });
  const acknowledged: string[] = [];
  const answers: { at: number; status: number; retryAfter?: string }[] = [];
  let killedAt = 0;
  let stop = false;
  const sender = async () => {
    while (!stop) {
      const eventId = `evt-${uuidv7()}`;
      const res = await postRegistryEvent(stack.app, {
        eventId,
        type: 'identity.verified',
        occurredAt: new Date().toISOString(),
        data: { userId, reference: eventId },
      });
      answers.push({ at: Date.now(), status: res.statusCode, retryAfter: res.headers['retry-after'] as string });
      if (res.statusCode === 201) acknowledged.push(eventId);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const reader = client(stack.app).as(await given.admin(stack));
  const reads = async () => {
    while (!stop) {
      const res = await reader.get('/users?limit=5');
      answers.push({ at: Date.now(), status: res.statusCode, retryAfter: res.headers['retry-after'] as string });
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const senders = [...Array.from({ length: 3 }, sender), reads()];
  await new Promise((r) => setTimeout(r, 2000));
  // A sweep started by hand as the master dies, as from Bull Board. That adds straight to Redis, so a
  // master dying before its replica has the job would lose it (docs/scaling.md, "What Redis Cluster can
  // lose"); the test lets a replica take it first, then follows the sweep through the failover.
  const policies = stack.workers!.queues.get('policies');
  const sweep = await policies.add('expire', {});
  const sweepKey = policies.toKey(sweep.id!);
  const copy = cluster.node(await cluster.replicaOf(await cluster.masterOf(sweepKey)));
  await copy.connect();
  await copy.call('READONLY');
  await waitFor(async () => (await copy.exists(sweepKey)) === 1, 'the sweep on a replica', 2000);
  copy.disconnect();
  killedAt = Date.now();
  await cluster.kill(victim);
  await waitFor(
    async () => !(await cluster.masters()).includes(victim) && (await cluster.masters()).length === 3,
    'a replica promoted',
    30_000,
  );
  const promotedAfterMs = Date.now() - killedAt;
  await waitFor(
    async () => (await stack.app.inject({ method: 'GET', url: '/health/ready' })).statusCode === 200,
    'readiness back',
    20_000 - (Date.now() - killedAt),
  );
  const readyAfterMs = Date.now() - killedAt;
  await new Promise((r) => setTimeout(r, Math.max(0, killedAt + 18_000 - Date.now())));
  stop = true;
  await Promise.all(senders);

  const statuses = new Map<number, number>();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  t.log(
    `promoted after ${promotedAfterMs} ms, ready after ${readyAfterMs} ms; answers ${JSON.stringify([...statuses])}; acknowledged ${acknowledged.length}`,
  );
  t.false(statuses.has(500), 'no 500');
  t.true(
    answers.every((a) => a.status === 200 || a.status === 201 || (a.status === 503 && Number(a.retryAfter) > 0)),
    'only 2xx, or 503 with Retry-After',
  );
  t.true(
    answers.filter((a) => a.at > killedAt + 15_000).every((a) => a.status < 300),
    'every request 2xx from 15 s after the kill',
  );
  // Every acknowledged event is applied: nothing is lost to the failover.
  await waitFor(
    async () =>
      (
        await sql(`select count(*)::int as n from registry_events where event_id in (?) and status = 'processed'`, [
          acknowledged,
        ])
      )[0].n === acknowledged.length,
    'every acknowledged event processed',
    45_000,
  );
  // Applied once each, whatever job ran it again after the failover.
  const twice = await sql(
    `select subject_id from audit_entries where action = 'registry_event.process' and subject_id in (?)
     group by subject_id having count(*) > 1`,
    [acknowledged],
  );
  t.deepEqual(twice, []);
  await waitFor(async () => (await sweep.getState()) === 'completed', 'the sweep started during the failover', 30_000);
  const jobsRunTwice = [...runs.values()].filter((n) => n > 1).length;
  const eventsRetried = acknowledged.filter((id) => (eventRuns.get(id) ?? 0) > 1).length;
  const [{ n: relayedAgain }] = await sql(`select count(*)::int as n from outbox where dispatch_attempts > 1`);
  t.log(
    `refused (503) ${statuses.get(503) ?? 0}; jobs started more than once ${jobsRunTwice} of ${runs.size}; events handed to a job more than once ${eventsRetried}; outbox rows relayed more than once ${relayedAgain}`,
  );
});
