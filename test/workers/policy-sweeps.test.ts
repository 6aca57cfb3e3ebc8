import test from 'ava';
import { expirePolicies } from '../../shared/domain/policies/policy-sweeps.js';
import { lapseRenewals, queueDueRenewals, renewalJobId } from '../../shared/domain/renewals/renewal-sweeps.js';
import { systemAct } from '../../shared/kernel/act.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { bearer } from '../helpers/client.js';
import { sqlOn } from '../helpers/db.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';

/**
 * The daily sweeps of policies and renewals: expiry, renewal generation within the lead time, lapse of
 * stale offers. Run on a few hundred policies, twice (idempotent), and by hand through Bull Board.
 */
let stack: Stack;
test.before(async () => {
  stack = await startStack({ workers: true });
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** `n` policies of a fresh agent ending `endsIn` days from today (bulk insert: the sweeps are the subject). */
async function policies(agentId: string, n: number, endsIn: number, status = 'active'): Promise<string[]> {
  const ids = Array.from({ length: n }, () => uuidv7());
  await sql(
    `insert into policies (id, policy_number, status, agent_id, insurer_id, product_code, holder_name, currency,
       sum_insured_minor, premium_minor, effective_from, effective_to)
     select id, 'SWEEP-' || id, ?, ?, 'insurer-s', 'MOTOR', 'Holder', 'KES', 1000, 100, ?::date, ?::date
     from unnest(array[?]::uuid[]) as id`,
    [status, agentId, day(endsIn - 365), day(endsIn), ids],
  );
  return ids;
}
const countWhere = async (query: string, params: unknown[]) => (await sql(query, params))[0].n as number;

test.serial(
  'renewals are generated once for every live policy ending within the lead time, however often the sweep runs',
  async (t) => {
    const agent = await given.account(stack);
    const lead = stack.config.RENEWAL_LEAD_DAYS;
    const due = await policies(agent.id, 250, lead - 5);
    const dueEdge = await policies(agent.id, 10, lead);
    const later = await policies(agent.id, 100, lead + 5);
    const cancelled = await policies(agent.id, 20, 10, 'cancelled');
    // One due policy already has a declined renewal for its next term: not generated again.
    const declinedFor = due[0];
    await sql(
      `insert into renewals (id, renewal_number, status, policy_id, policy_number, agent_id, insurer_id, currency,
       proposed_premium_minor, term_from, term_to)
     select ?, 'REN-DECLINED', 'declined', id, policy_number, agent_id, insurer_id, currency, 100, effective_to + 1, effective_to + 366
     from policies where id = ?`,
      [uuidv7(), declinedFor],
    );

    // The sweep queues one job per policy and term; run twice (and a third time while the first jobs
    // run), it queues no second job for a term, and the worker generates each renewal once.
    const deps = { ...stack.app.deps, queues: stack.workers!.queues };
    t.deepEqual(await queueDueRenewals(deps, systemAct('sweep-test')), { due: 259 });
    // Run again at once: the policies the worker has not renewed yet are due again, and queue nothing new.
    const again = await queueDueRenewals(deps, systemAct('sweep-test-2'));
    t.true(again.due <= 259, `${again.due}`);
    const renewed = async (ids: string[]) =>
      countWhere(`select count(*)::int as n from renewals where policy_id in (?) and status = 'pending'`, [ids]);
    await waitFor(async () => (await renewed([...due, ...dueEdge])) === 259, 'the renewals of every due policy');
    t.like(await queueDueRenewals(deps, systemAct('sweep-test-3')), { due: 0 });
    const renewals = stack.workers!.queues.get('renewals');
    const generateJobs = async (states: ('completed' | 'waiting' | 'active' | 'delayed' | 'failed')[]) =>
      (await renewals.getJobs(states)).filter((j) => j.name === 'generate');
    // A job's renewal commits a moment before BullMQ marks the job completed.
    await waitFor(async () => (await generateJobs(['waiting', 'active', 'delayed'])).length === 0, 'the jobs to end');
    t.is((await generateJobs(['completed', 'failed'])).length, 259, 'one job per policy and term');
    t.is((await generateJobs(['failed'])).length, 0);
    t.is(await renewed(due), 249);
    t.is(await renewed(dueEdge), 10);
    t.is(await renewed(later), 0);
    t.is(await renewed(cancelled), 0);
    // The term is the next one, and the timeline shows the system generated it in that policy's job.
    const [row] = await sql(
      `select r.term_from::text as term_from, e.actor, e.request_id from renewals r
       join domain_events e on e.subject_id = r.id::text and e.type = 'renewal.generated' where r.policy_id = ?`,
      [due[1]],
    );
    t.deepEqual(row, { term_from: day(lead - 4), actor: 'system', request_id: renewalJobId(due[1], day(lead - 4)) });
  },
);

test.serial('policies past their term expire; renewed, cancelled and current ones do not', async (t) => {
  const agent = await given.account(stack);
  const ended = await policies(agent.id, 200, -1);
  const endsToday = await policies(agent.id, 20, 0);
  const renewed = await policies(agent.id, 10, -3, 'renewed');
  const result = await expirePolicies(stack.app.deps, systemAct());
  t.like(result, { failed: 0 });
  const statusCount = async (ids: string[], status: string) =>
    countWhere(`select count(*)::int as n from policies where id in (?) and status = ?`, [ids, status]);
  t.is(await statusCount(ended, 'expired'), 200);
  t.is(await statusCount(endsToday, 'active'), 20);
  t.is(await statusCount(renewed, 'renewed'), 10);
  t.like(await expirePolicies(stack.app.deps, systemAct()), { processed: 0 });
});

test.serial('offers past their expiry and renewals whose policy term ended lapse; open offers stay', async (t) => {
  const agent = await given.account(stack);
  const [expiredOffer, openOffer, termEnded, pendingOpen] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
  const policyIds = await policies(agent.id, 4, 30);
  const insert = (id: string, policyId: string, status: string, offerExpires: string | null, termFromOffset: number) =>
    sql(
      `insert into renewals (id, renewal_number, status, policy_id, policy_number, agent_id, insurer_id, currency,
         proposed_premium_minor, term_from, term_to, offer_expires_at)
       values (?, ?, ?, ?, 'P', ?, 'insurer-s', 'KES', 1, ?::date, ?::date, ?::timestamptz)`,
      [id, `REN-${id}`, status, policyId, agent.id, day(termFromOffset), day(termFromOffset + 365), offerExpires],
    );
  await insert(expiredOffer, policyIds[0], 'offered', new Date(Date.now() - 60_000).toISOString(), 10);
  await insert(openOffer, policyIds[1], 'offered', new Date(Date.now() + 86_400_000).toISOString(), 10);
  await insert(termEnded, policyIds[2], 'pending', null, 0);
  await insert(pendingOpen, policyIds[3], 'pending', null, 5);
  t.like(await lapseRenewals(stack.app.deps, systemAct()), { processed: 2, failed: 0 });
  const rows = await sql(`select id, status from renewals where id in (?)`, [
    [expiredOffer, openOffer, termEnded, pendingOpen],
  ]);
  t.deepEqual(Object.fromEntries(rows.map((r) => [r.id, r.status])), {
    [expiredOffer]: 'lapsed',
    [openOffer]: 'offered',
    [termEnded]: 'lapsed',
    [pendingOpen]: 'pending',
  });
});

/** What an operator's "Add job" in Bull Board sends. */
const addByHand = async (t: import('ava').ExecutionContext, queue: string, name: string) => {
  const operator = await given.user(stack, { permissions: ['queue:admin'] });
  const res = await stack.app.inject({
    method: 'POST',
    url: `/admin/queues/api/queues/${queue}/add`,
    headers: bearer(operator),
    payload: { name, data: {} },
  });
  t.is(res.statusCode, 200, res.body);
};

test.serial('operations staff run the renewal sweep by hand from Bull Board and the worker does it', async (t) => {
  const agent = await given.account(stack);
  const due = await policies(agent.id, 5, 1);
  await addByHand(t, 'renewals', 'generate-due');
  await waitFor(
    async () => (await countWhere(`select count(*)::int as n from renewals where policy_id in (?)`, [due])) === 5,
    'the renewals of the hand-run sweep',
  );
  t.pass();
});

test.serial(
  'operations staff run the policy expiry sweep by hand from Bull Board and the worker does it',
  async (t) => {
    const agent = await given.account(stack);
    const ended = await policies(agent.id, 5, -2);
    await addByHand(t, 'policies', 'expire');
    await waitFor(
      async () =>
        (await countWhere(`select count(*)::int as n from policies where id in (?) and status = 'expired'`, [
          ended,
        ])) === 5,
      'the policies of the hand-run expiry sweep',
    );
    t.pass();
  },
);

test('the schedules of the sweeps are registered as job schedulers', async (t) => {
  const schedulers = await Promise.all(
    (['renewals', 'policies'] as const).map((q) => stack.workers!.queues.get(q).getJobSchedulers()),
  );
  t.deepEqual(
    schedulers
      .flat()
      .map((s) => s.key)
      .sort(),
    ['expire-policies', 'generate-renewals', 'lapse-policies', 'lapse-renewals', 'remind-overdue-premiums'],
  );
});
