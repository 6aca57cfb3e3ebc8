import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { auditOn } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/**
 * POST /quotations/sweep/expire without a worker running: the sweep it queues stays waiting, so every
 * further call finds it (200) instead of queuing a second one. (After it ran, see test/workers/quotation-sweeps.)
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

test('the first call queues a sweep (201), later calls while it waits answer 200 with the same job', async (t) => {
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
});
