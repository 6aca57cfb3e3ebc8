import { once } from 'node:events';
import test from 'ava';
import { catalogue, QUEUE_NAMES } from '../../shared/jobs/catalogue.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import type { JobMerge } from '../../shared/kernel/jobs.js';
import { OutboxRelay } from '../../shared/kernel/outbox-relay.js';
import { QueueSet } from '../../shared/kernel/queue-set.js';
import { createRedis } from '../../shared/redis.js';
import { startWorkers } from '../../workers/main.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';
import { OUTBOX_ROW_OF_EVENT, postRegistryEvent } from '../helpers/webhooks.js';

let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

const sql = async (query: string, params: unknown[] = []) => stack.orm.em.fork().execute(query, params);

/** Registry deliveries committed one by one (one outbox row each), for users made here; their event ids and user ids. */
async function committedDeliveries(n: number) {
  const events: { eventId: string; userId: string }[] = [];
  for (let i = 0; i < n; i++) {
    const email = `merge-${uuidv7()}@example.test`;
    const userId = uuidv7();
    await sql(`insert into users (id, email, name, status) values (?, ?, 'Merge', 'active')`, [userId, email]);
    const eventId = `evt-${uuidv7()}`;
    const res = await postRegistryEvent(stack.app, {
      eventId,
      type: 'identity.verified',
      occurredAt: new Date().toISOString(),
      data: { email },
    });
    if (res.statusCode !== 201) throw new Error(`delivery answered ${res.statusCode}`);
    events.push({ eventId, userId });
  }
  return events;
}

async function relayWith(mergeOf: (queue: string, name: string) => JobMerge | undefined) {
  const redis = createRedis(stack.config, 'command', 'merge-test');
  const queues = new QueueSet(redis, stack.config.REDIS_PREFIX, QUEUE_NAMES);
  // The relay leaves its rows for a later pass until its Redis connection is ready.
  if (redis.status !== 'ready') await once(redis, 'ready');
  const relay = new OutboxRelay({
    orm: stack.orm,
    queues,
    log: stack.app.log as never,
    databaseUrl: stack.config.DATABASE_URL,
    pollMs: 600_000,
    mergeOf,
  });
  return {
    relay,
    webhooks: queues.get('webhooks'),
    close: async () => {
      await queues.close();
      redis.disconnect();
    },
  };
}

const eventIdsOf = (data: { events?: { eventId: string }[] }) => (data.events ?? []).map((e) => e.eventId);

test.serial(
  'registry deliveries waiting together in the outbox go as one job, which applies every one of them once',
  async (t) => {
    const events = await committedDeliveries(3);
    const rows = await sql(
      `select id from outbox where dispatched_at is null and job_name = 'registry-events' order by created_at, id`,
    );
    t.is(rows.length, 3, 'three commits, three outbox rows');

    const { relay, webhooks, close } = await relayWith((q, n) => catalogue.mergeOf(q, n));
    try {
      t.is(await relay.drain(), 3);
      const jobs = await webhooks.getJobs(['waiting']);
      t.is(jobs.length, 1, 'one job for the three rows');
      t.deepEqual(
        eventIdsOf(jobs[0]!.data),
        events.map((e) => e.eventId),
        'every delivery, in commit order',
      );
      t.regex(jobs[0]!.id!, /^merged-[0-9a-f]{40}$/);
      const carriers = await sql(`select distinct job_id from outbox where id in (?)`, [rows.map((r) => r.id)]);
      t.deepEqual(carriers, [{ job_id: jobs[0]!.id }], 'each row names the job that carries it');

      // A crash between add and mark: the same rows relayed again are the same job, not a second one.
      await sql(`update outbox set dispatched_at = null where id in (?)`, [rows.map((r) => r.id)]);
      t.is(await relay.drain(), 3);
      t.is((await webhooks.getJobs(['waiting'])).length, 1);
    } finally {
      await close();
    }

    const workers = await startWorkers({
      config: stack.config,
      orm: stack.orm,
      log: stack.app.log as never,
      schedulers: false,
      relay: false,
    });
    try {
      await waitFor(async () => {
        const [{ n }] = await sql(`select count(*)::int as n from users where id in (?) and kyc_status = 'verified'`, [
          events.map((e) => e.userId),
        ]);
        return n === 3;
      }, 'every event applied');
      const [{ n }] = await sql(
        `select count(*)::int as n from audit_entries where action = 'registry_event.process' and subject_id in (?)`,
        [events.map((e) => e.eventId)],
      );
      t.is(n, 3, 'each event processed once');
    } finally {
      await workers.close();
    }
  },
);

test.serial('a merged job holds at most its job type’s number of items; the rest go in the next job', async (t) => {
  const events = await committedDeliveries(3);
  const { relay, webhooks, close } = await relayWith((q, n) =>
    q === 'webhooks' && n === 'registry-events' ? { field: 'events', max: 2 } : undefined,
  );
  try {
    await webhooks.drain();
    t.is(await relay.drain(), 3);
    const jobs = await webhooks.getJobs(['waiting']);
    const held = jobs.map((j) => eventIdsOf(j.data)).sort((a, b) => b.length - a.length);
    t.deepEqual(held, [events.slice(0, 2).map((e) => e.eventId), [events[2]!.eventId]]);
    // A row alone keeps its row id as job id.
    const [last] = await sql(`select id from outbox where ${OUTBOX_ROW_OF_EVENT}`, [
      events[2]!.eventId,
      events[2]!.eventId,
    ]);
    t.truthy(jobs.find((j) => j.id === last.id));
  } finally {
    await close();
  }
});

test.serial('without a merge rule every outbox row is its own job', async (t) => {
  await committedDeliveries(2);
  const { relay, webhooks, close } = await relayWith(() => undefined);
  try {
    await webhooks.drain();
    t.is(await relay.drain(), 2);
    t.is((await webhooks.getJobs(['waiting'])).length, 2);
  } finally {
    await close();
  }
});
