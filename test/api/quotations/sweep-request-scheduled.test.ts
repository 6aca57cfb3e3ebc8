import test from 'ava';
import { Worker } from 'bullmq';
import { createRedis } from '../../../shared/redis.js';
import { registerSchedulers } from '../../../workers/schedulers.js';
import { type Api, client } from '../../helpers/client.js';
import { auditOn } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack, waitFor } from '../../helpers/stack.js';

/**
 * POST /quotations/sweep/expire while the job scheduler's sweep is waiting or running: the call answers
 * with that job (200) and queues no second sweep. No service workers: the schedules are registered as
 * the worker registers them, and a worker of the test's own takes the scheduled sweep and holds it.
 * Serial: both tests follow the one scheduled job.
 */
let stack: Stack;
let api: Api;
let underwriter: SignedIn;
let scheduledId: string;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  underwriter = await given.user(stack, { roles: ['underwriter'] });
  await registerSchedulers(stack.app.queues, stack.config);
  const queue = stack.app.queues.get('quotations');
  // The scheduler's first run is due at once: it waits for a worker.
  const [scheduled] = await waitFor(async () => {
    const jobs = await queue.getJobs(['waiting']);
    return jobs.length > 0 && jobs;
  }, "the scheduler's first sweep");
  scheduledId = scheduled.id!;
});
test.after.always(async () => {
  await stack?.close();
});

test.serial("while the scheduler's sweep waits, a call answers 200 with that job and queues no other", async (t) => {
  const queue = stack.app.queues.get('quotations');
  t.regex(scheduledId, /^repeat:expire-quotations:/);
  const res = expectData(t, await api.as(underwriter).post('/quotations/sweep/expire'), 200);
  t.deepEqual(res, { jobId: scheduledId, state: 'waiting' });
  const jobs = await queue.getJobs(['waiting', 'active', 'prioritized']);
  t.deepEqual(
    jobs.map((j) => j.id),
    [scheduledId],
  );
  const entries = await auditOn(stack)(scheduledId, 'quotation.sweep.request');
  t.deepEqual(
    entries.map((e) => e.summary.queued),
    [false],
  );
});

test.serial(
  "while the scheduler's sweep runs, a call answers 200 with that job and its state active; once it is done, 201 with a new one",
  async (t) => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const connection = createRedis(stack.config, 'worker', 'scheduled-sweep-test-worker');
    const worker = new Worker(
      'quotations',
      async (job) => {
        if (job.id === scheduledId) await held;
      },
      { connection, prefix: stack.config.REDIS_PREFIX },
    );
    try {
      const queue = stack.app.queues.get('quotations');
      await waitFor(async () => (await queue.getJob(scheduledId))?.isActive(), 'the scheduled sweep to run');
      const during = expectData(t, await api.as(underwriter).post('/quotations/sweep/expire'), 200);
      t.deepEqual(during, { jobId: scheduledId, state: 'active' });
      finish();
      // The finished run stays in the completed set (job history); the scheduler's next run is delayed until its time.
      await waitFor(
        async () => (await (await queue.getJob(scheduledId))?.getState()) === 'completed',
        'the scheduled sweep to finish',
      );
      const next = expectData(t, await api.as(underwriter).post('/quotations/sweep/expire'), 201);
      t.not(next.jobId, scheduledId);
      t.regex(next.jobId, /^expire-manual-/);
    } finally {
      finish();
      await worker.close();
      connection.disconnect();
    }
  },
);
