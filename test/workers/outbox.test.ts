import test from 'ava';
import pg from 'pg';
import { QUEUE_NAMES } from '../../shared/jobs/catalogue.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
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

async function userFor(email: string) {
  const id = uuidv7();
  await sql(`insert into users (id, email, name, status) values (?, ?, 'Outbox', 'active')`, [id, email]);
  return id;
}

test.serial(
  'a job committed while Redis is down is kept in the outbox and runs exactly once when Redis is back',
  async (t) => {
    const email = `outbox-${uuidv7()}@example.test`;
    const userId = await userFor(email);
    const eventId = `evt-${uuidv7()}`;
    // The API commits the change and its outbox row; nothing touches Redis on that path.
    const res = await postRegistryEvent(stack.app, {
      eventId,
      type: 'identity.verified',
      occurredAt: new Date().toISOString(),
      data: { email },
    });
    t.is(res.statusCode, 201);

    // A relay whose Redis is a dead port: the add fails, the row stays undelivered with the error.
    const deadRedis = createRedis({ ...stack.config, REDIS_URL: 'redis://127.0.0.1:1' }, 'command', 'dead');
    const deadQueues = new QueueSet(deadRedis, stack.config.REDIS_PREFIX, QUEUE_NAMES);
    const deadRelay = new OutboxRelay({
      orm: stack.orm,
      queues: deadQueues,
      log: stack.app.log as never,
      databaseUrl: stack.config.DATABASE_URL,
      pollMs: 50,
    });
    t.is(await deadRelay.drain(), 0);
    const [row] = await sql(`select id, dispatched_at from outbox where ${OUTBOX_ROW_OF_EVENT}`, [eventId, eventId]);
    t.is(row.dispatched_at, null);
    await deadQueues.close().catch(() => {});
    deadRedis.disconnect();

    // Redis is back: the real worker's relay delivers the row; the event is applied once.
    const workers = await startWorkers({
      config: stack.config,
      orm: stack.orm,
      log: stack.app.log as never,
      schedulers: false,
    });
    try {
      await waitFor(
        async () => (await sql(`select kyc_status from users where id = ?`, [userId]))[0].kyc_status === 'verified',
        'event applied',
      );
      const [delivered] = await sql(`select dispatched_at from outbox where id = ?`, [row.id]);
      t.truthy(delivered.dispatched_at);
      const job = await workers.queues.get('webhooks').getJob(row.id);
      t.is(job?.id, row.id, 'the job id is the outbox row id');

      // At least once: the relay delivering the same row again (a crash before it was marked) is still one job.
      await sql(`update outbox set dispatched_at = null where id = ?`, [row.id]);
      await workers.relay.drain();
      const counts = await workers.queues
        .get('webhooks')
        .getJobCounts('completed', 'waiting', 'active', 'delayed', 'failed');
      t.is(counts.completed + counts.waiting + counts.active + counts.delayed + counts.failed, 1);
      t.is(
        Number(
          (
            await sql(
              `select count(*)::int as n from audit_entries where action = 'user.kyc_update' and subject_id = ?`,
              [userId],
            )
          )[0].n,
        ),
        1,
      );
    } finally {
      await workers.close();
    }
  },
);

test.serial('running a registry job twice leaves the same state as once', async (t) => {
  const email = `twice-${uuidv7()}@example.test`;
  const userId = await userFor(email);
  const eventId = `evt-${uuidv7()}`;
  t.is(
    (
      await postRegistryEvent(stack.app, {
        eventId,
        type: 'identity.revoked',
        occurredAt: new Date().toISOString(),
        data: { email },
      })
    ).statusCode,
    201,
  );
  const { processRegistryEvent } = await import('../../shared/domain/registry/registry-events.js');
  const { webhookAct } = await import('../../shared/kernel/act.js');
  t.is(await processRegistryEvent(stack.app.deps, webhookAct(), { eventId, attempt: 1 }), 'processed');
  t.is(await processRegistryEvent(stack.app.deps, webhookAct(), { eventId, attempt: 2 }), 'already-processed');
  t.is((await sql(`select kyc_status from users where id = ?`, [userId]))[0].kyc_status, 'revoked');
  t.is(
    Number(
      (
        await sql(`select count(*)::int as n from audit_entries where action = 'user.kyc_update' and subject_id = ?`, [
          userId,
        ])
      )[0].n,
    ),
    1,
  );
});

test.serial(
  'a batch applies its events in delivery order: two for one user, the later wins and each is audited with the status it found',
  async (t) => {
    const email = `Order-${uuidv7()}@Example.test`;
    const userId = await userFor(email);
    const ghost = `evt-ghost-${uuidv7()}`;
    const [first, second] = [`evt-a-${uuidv7()}`, `evt-b-${uuidv7()}`];
    const deliveries = [
      { eventId: first, type: 'identity.verified', data: { userId, reference: 'REG-1' } },
      { eventId: ghost, type: 'identity.verified', data: { email: `nobody-${uuidv7()}@example.test` } },
      { eventId: second, type: 'identity.revoked', data: { email: email.toUpperCase(), nationalId: 'NAT-2' } },
    ];
    for (const d of deliveries)
      t.is((await postRegistryEvent(stack.app, { ...d, occurredAt: new Date().toISOString() })).statusCode, 201);
    const { processRegistryEvents } = await import('../../shared/domain/registry/registry-events.js');
    const { webhookAct } = await import('../../shared/kernel/act.js');
    const events = deliveries.map((d, i) => ({ eventId: d.eventId, requestId: `order-rid-${i}` }));
    t.deepEqual(await processRegistryEvents(stack.app.deps, webhookAct(), { events, attempt: 1 }), {
      processed: 2,
      failed: 1,
      skipped: 0,
    });
    const [user] = await sql(`select kyc_status, kyc_reference, national_id from users where id = ?`, [userId]);
    t.deepEqual(user, { kyc_status: 'revoked', kyc_reference: 'REG-1', national_id: 'NAT-2' });
    const updates = await sql(
      `select summary->>'from' as "from", summary->>'to' as "to", request_id from audit_entries where action = 'user.kyc_update' and subject_id = ? order by commit_seq`,
      [userId],
    );
    t.deepEqual(updates, [
      { from: 'unverified', to: 'verified', request_id: 'order-rid-0' },
      { from: 'verified', to: 'revoked', request_id: 'order-rid-2' },
    ]);
    const [failed] = await sql(`select status, failure_reason from registry_events where event_id = ?`, [ghost]);
    t.is(failed.status, 'failed');
    t.regex(failed.failure_reason, /no user matches/);
    const retry = await sql(
      `select payload from outbox where job_name = 'registry-event' and payload->>'eventId' = ?`,
      [ghost],
    );
    t.deepEqual(
      retry.map((r) => r.payload),
      [{ eventId: ghost, requestId: 'order-rid-1' }],
    );
    // Run again (a batch job retried after a lost acknowledgement): nothing left to apply.
    t.deepEqual(await processRegistryEvents(stack.app.deps, webhookAct(), { events, attempt: 2 }), {
      processed: 0,
      failed: 0,
      skipped: 3,
    });
  },
);

test.serial('job schedulers are registered once however many workers start', async (t) => {
  const a = await startWorkers({ config: stack.config, orm: stack.orm, log: stack.app.log as never, relay: false });
  const b = await startWorkers({ config: stack.config, orm: stack.orm, log: stack.app.log as never, relay: false });
  try {
    const audit = await a.queues.get('audit').getJobSchedulers();
    const maintenance = await a.queues.get('maintenance').getJobSchedulers();
    t.deepEqual(audit.map((s) => s.key).sort(), ['audit-chain']);
    t.deepEqual(maintenance.map((s) => s.key).sort(), ['clean-outbox', 'forget-sign-in-records', 'purge-idempotency']);
  } finally {
    await a.close();
    await b.close();
  }
});

test.serial(
  'a worker process runs one audit chain job at a time: a second would only wait on the chain head, holding a connection',
  async (t) => {
    const workers = await startWorkers({
      config: stack.config,
      orm: stack.orm,
      log: stack.app.log as never,
      relay: false,
      schedulers: false,
    });
    // Hold the chain head, as a long chaining pass of another process would.
    const holder = new pg.Client({ connectionString: stack.config.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from audit_chain_head for update');
      const queue = workers.queues.get('audit');
      await Promise.all([1, 2, 3].map((i) => queue.add('chain', {}, { jobId: `serial-chain-${uuidv7()}-${i}` })));
      await waitFor(async () => (await queue.getJobCounts('active')).active >= 1, 'a chain job running');
      await new Promise((r) => setTimeout(r, 500));
      // (A chain job left delayed by an earlier test's schedule may be among them: still one at a time.)
      const counts = await queue.getJobCounts('active', 'waiting');
      t.is(counts.active, 1);
      t.true(counts.waiting >= 2, `${counts.waiting} waiting`);
      await holder.query('commit');
      await waitFor(async () => {
        const c = await queue.getJobCounts('active', 'waiting');
        return c.active + c.waiting === 0;
      }, 'every chain job done');
    } finally {
      await holder.end();
      await workers.close();
    }
  },
);

test.serial('a committed job wakes the relay at once, without waiting for its next poll', async (t) => {
  const email = `wake-${uuidv7()}@example.test`;
  await userFor(email);
  // A relay that would not poll again for ten minutes: only the NOTIFY of the commit can wake it.
  const redis = createRedis(stack.config, 'command', 'wake-test');
  const queues = new QueueSet(redis, stack.config.REDIS_PREFIX, QUEUE_NAMES);
  const relay = new OutboxRelay({
    orm: stack.orm,
    queues,
    log: stack.app.log as never,
    databaseUrl: stack.config.DATABASE_URL,
    pollMs: 600_000,
  });
  await relay.start();
  try {
    await new Promise((r) => setTimeout(r, 300)); // its first pass (at start) is over
    const eventId = `evt-${uuidv7()}`;
    const res = await postRegistryEvent(stack.app, {
      eventId,
      type: 'identity.verified',
      occurredAt: new Date().toISOString(),
      data: { email },
    });
    t.is(res.statusCode, 201);
    await waitFor(
      async () =>
        (await sql(`select dispatched_at from outbox where ${OUTBOX_ROW_OF_EVENT}`, [eventId, eventId]))[0]
          ?.dispatched_at,
      'the relay to dispatch the new row',
      5_000,
    );
    t.pass();
  } finally {
    await relay.stop();
    await queues.close();
    redis.disconnect();
  }
});
