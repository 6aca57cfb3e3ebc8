import test from 'ava';
import { Worker } from 'bullmq';
import { createRedis } from '../../../shared/redis.js';
import { type Api, client } from '../../helpers/client.js';
import { auditOn } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack, waitFor } from '../../helpers/stack.js';

/**
 * POST /quotations/sweep/expire without the service's workers: the sweep it queues stays waiting, so every
 * further call finds it (200) instead of queuing a second one; one test runs it on a worker of its own that
 * holds it, to see a call join a running sweep. Serial: both use the one manual sweep of the queue.
 */
let stack: Stack;
let api: Api;
let underwriter: SignedIn;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  underwriter = await given.user(stack, { roles: ['underwriter'] });
});
test.after.always(async () => {
  await stack?.close();
});

test.serial(
  'the first call queues a sweep (201), later calls while it waits answer 200 with the same job',
  async (t) => {
    const queue = stack.app.queues.get('quotations');
    const first = expectData(t, await api.as(underwriter).post('/quotations/sweep/expire'), 201);
    t.like(first, { state: 'waiting' });
    t.deepEqual(Object.keys(first).sort(), ['jobId', 'state']);
    const again = await Promise.all([1, 2, 3].map(() => api.as(underwriter).post('/quotations/sweep/expire')));
    for (const res of again) t.deepEqual(expectData(t, res, 200), first);
    const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized']);
    t.deepEqual(
      jobs.map((j) => [j.id, j.name]),
      [[first.jobId, 'expire']],
    );
    const entries = await auditOn(stack)(first.jobId, 'quotation.sweep.request');
    t.deepEqual(
      entries.map((e) => e.summary.queued),
      [true, false, false, false],
    );
    t.true(entries.every((e) => e.actor === underwriter.id));
  },
);

test.serial(
  'while the queued sweep is running, a call answers 200 with that job and its state active; once it is done, 201 again',
  async (t) => {
    // A worker of this test's own takes the sweep and holds it until told to finish.
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const connection = createRedis(stack.config, 'worker', 'sweep-test-worker');
    const worker = new Worker(
      'quotations',
      async () => {
        await held;
      },
      { connection, prefix: stack.config.REDIS_PREFIX },
    );
    try {
      const queue = stack.app.queues.get('quotations');
      const waiting = await queue.getJobs(['waiting']);
      const first = waiting.length
        ? { jobId: waiting[0].id }
        : expectData(t, await api.as(underwriter).post('/quotations/sweep/expire'), 201);
      await waitFor(async () => (await queue.getJob(first.jobId!))?.isActive(), 'the sweep to run');
      const during = expectData(t, await api.as(underwriter).post('/quotations/sweep/expire'), 200);
      t.deepEqual(during, { jobId: first.jobId, state: 'active' });
      finish();
      await waitFor(async () => (await queue.getJob(first.jobId!))?.isCompleted(), 'the sweep to finish');
      const next = expectData(t, await api.as(underwriter).post('/quotations/sweep/expire'), 201);
      t.not(next.jobId, first.jobId);
    } finally {
      finish();
      await worker.close();
      connection.disconnect();
    }
  },
);
