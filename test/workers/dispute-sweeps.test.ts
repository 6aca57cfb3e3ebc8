import test from 'ava';
import { closeDisputes, escalateOverdueDisputes } from '../../shared/domain/disputes/dispute-sweeps.js';
import { systemAct } from '../../shared/kernel/act.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { sqlOn } from '../helpers/db.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

/** The disputes worker's sweeps: past-deadline disputes escalate; ended ones close after DISPUTE_CLOSE_AFTER_DAYS. */
let stack: Stack;
test.before(async () => {
  stack = await startStack({ workers: true });
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);

async function dispute(raisedBy: string, status: string, opts: { dueInDays?: number; endedDaysAgo?: number } = {}) {
  const id = uuidv7();
  const ended =
    opts.endedDaysAgo === undefined ? null : new Date(Date.now() - opts.endedDaysAgo * 86_400_000).toISOString();
  await sql(
    `insert into disputes (id, dispute_number, status, subject_type, subject_id, raised_by, reason, response_due_at, resolved_at, withdrawn_at)
     values (?, ?, ?, 'payment', 'PAY-1', ?, 'x', now() + make_interval(days => ?), ?::timestamptz, ?::timestamptz)`,
    [
      id,
      `DSP-T-${id}`,
      status,
      raisedBy,
      opts.dueInDays ?? 56,
      status === 'withdrawn' ? null : ended,
      status === 'withdrawn' ? ended : null,
    ],
  );
  return id;
}
const statuses = async (ids: string[]) =>
  Object.fromEntries(
    (await sql(`select id, status from disputes where id in (?)`, [ids])).map((r) => [r.id, r.status]),
  );

test.serial(
  'open and triaged disputes past their deadline are escalated; others and those still in time are not',
  async (t) => {
    const raiser = await given.account(stack);
    const overdueOpen = await dispute(raiser.id, 'open', { dueInDays: -1 });
    const overdueTriaged = await dispute(raiser.id, 'triaged', { dueInDays: -1 });
    const inTime = await dispute(raiser.id, 'open', { dueInDays: 3 });
    const resolved = await dispute(raiser.id, 'upheld', { dueInDays: -10, endedDaysAgo: 1 });
    t.like(await escalateOverdueDisputes(stack.app.deps, systemAct('escalate-test')), { processed: 2, failed: 0 });
    t.deepEqual(await statuses([overdueOpen, overdueTriaged, inTime, resolved]), {
      [overdueOpen]: 'escalated',
      [overdueTriaged]: 'escalated',
      [inTime]: 'open',
      [resolved]: 'upheld',
    });
    const [entry] = await sql(
      `select actor, request_id from audit_entries where action = 'dispute.escalate' and subject_id = ?`,
      [overdueOpen],
    );
    t.deepEqual(entry, { actor: 'system', request_id: 'escalate-test' });
    t.like(await escalateOverdueDisputes(stack.app.deps, systemAct()), { processed: 0 });
  },
);

test.serial('upheld, rejected and withdrawn disputes close DISPUTE_CLOSE_AFTER_DAYS after they ended', async (t) => {
  const raiser = await given.account(stack);
  const days = stack.config.DISPUTE_CLOSE_AFTER_DAYS;
  const old = await Promise.all(
    ['upheld', 'rejected', 'withdrawn'].map((s) => dispute(raiser.id, s, { endedDaysAgo: days + 1 })),
  );
  const recent = await dispute(raiser.id, 'upheld', { endedDaysAgo: days - 1 });
  const escalated = await dispute(raiser.id, 'escalated', { endedDaysAgo: days + 5 });
  t.like(await closeDisputes(stack.app.deps, systemAct()), { processed: 3, failed: 0 });
  const after = await statuses([...old, recent, escalated]);
  t.deepEqual(
    old.map((id) => after[id]),
    ['closed', 'closed', 'closed'],
  );
  t.is(after[recent], 'upheld');
  t.is(after[escalated], 'escalated');
});

test('both sweeps are job schedulers of the disputes queue', async (t) => {
  const schedulers = await stack.workers!.queues.get('disputes').getJobSchedulers();
  t.deepEqual(schedulers.map((s) => s.key).sort(), ['close-disputes', 'escalate-disputes']);
});
