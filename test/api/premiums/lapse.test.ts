import test from 'ava';
import { lapsePolicies } from '../../../shared/domain/policies/index.js';
import { systemAct } from '../../../shared/kernel/act.js';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { movableClock, type Stack, startStack } from '../../helpers/stack.js';

/**
 * The lapse sweep: a policy with an instalment overdue longer than the grace period (30 days unless
 * payments.gracePeriodDays says otherwise) lapses, once, with its timeline entry, an audit entry by
 * the system and policy.lapsed; one within its grace period stays active. Time is the services'
 * clock, moved by the test.
 */
const clock = movableClock(new Date('2031-06-01T06:00:00Z'));
let stack: Stack;
let api: Api;
let admin: SignedIn;
test.before(async () => {
  stack = await startStack({ clock });
  api = client(stack.app);
  admin = await given.admin(stack);
});
test.after.always(async () => {
  await stack?.close();
});

const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
async function monthly(effectiveFrom: string): Promise<{ id: string }> {
  const res = await api.as(admin).post('/policies', {
    agentId: admin.id,
    insurerId: 'insurer-lapse',
    productCode: 'MOTOR-COMP',
    holder: { name: 'Njeri Wambui' },
    sumInsured: kes(100_000_000),
    premium: kes(1_200_000),
    premiumFrequency: 'monthly',
    effectiveFrom,
    effectiveTo: '2031-12-31',
  });
  if (res.statusCode !== 201) throw new Error(`issuing failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const status = async (id: string) => (await api.as(admin).get(`/policies/${id}`)).json().data.status;
const sweep = () => lapsePolicies(stack.app.deps, systemAct());

test.serial(
  'overdue past the grace period lapses; within it, not yet; a second run lapses nothing again',
  async (t) => {
    const late = await monthly('2031-01-01');
    const recent = await monthly('2031-05-10');
    await sweep();
    t.is(await status(late.id), 'lapsed');
    t.is(await status(recent.id), 'active', '22 days overdue: within 30 days of grace');
    clock.at = new Date('2031-06-15T06:00:00Z');
    await sweep();
    await sweep();
    t.is(await status(recent.id), 'lapsed', '36 days overdue');
    const sql = sqlOn(stack);
    const audits = await sql(
      `select actor, summary from audit_entries where subject_id = ? and action = 'policy.lapse'`,
      [late.id],
    );
    t.is(audits.length, 1);
    t.is(audits[0].actor, 'system');
    const published = await sql(`select type from published_events where subject_id = ? and type = 'policy.lapsed'`, [
      late.id,
    ]);
    t.is(published.length, 1);
    const timeline = expectData(t, await api.as(admin).get(`/policies/${late.id}/timeline`));
    t.true(timeline.some((e: { type: string }) => e.type === 'policy.lapsed'));
  },
);

test.serial('the grace period is the operational policy payments.gracePeriodDays', async (t) => {
  clock.at = new Date('2031-07-03T06:00:00Z');
  const policy = await monthly('2031-07-01');
  await sweep();
  t.is(await status(policy.id), 'active');
  expectData(
    t,
    await api
      .as(admin)
      .post('/operational-policies', { category: 'payments', key: 'gracePeriodDays', name: 'Grace period', value: 1 }),
    201,
  );
  await sweep();
  t.is(await status(policy.id), 'lapsed', 'two days overdue, one day of grace');
});

test.serial('two sweeps at once, in small batches, lapse each policy once, with the view as published', async (t) => {
  clock.at = new Date('2031-09-01T06:00:00Z');
  const policies = await Promise.all(Array.from({ length: 12 }, () => monthly('2031-07-05')));
  const results = await Promise.all([
    lapsePolicies(stack.app.deps, systemAct(), 3),
    lapsePolicies(stack.app.deps, systemAct(), 5),
  ]);
  t.is(results[0].processed + results[1].processed, 12);
  const ids = policies.map((p) => p.id);
  const sql = sqlOn(stack);
  const audits = await sql(
    `select subject_id, count(*)::int as n from audit_entries where action = 'policy.lapse' and subject_id in (?) group by 1`,
    [ids],
  );
  t.is(audits.length, 12);
  t.true(audits.every((a) => a.n === 1));
  const events = await sql(`select data from published_events where type = 'policy.lapsed' and subject_id in (?)`, [
    ids,
  ]);
  t.is(events.length, 12);
  t.true(events.every((e) => e.data.status === 'lapsed' && !!e.data.lapsedAt));
  const timelines = await sql(
    `select count(*)::int as n from domain_events where type = 'policy.lapsed' and stream_id in (?)`,
    [ids],
  );
  t.is(timelines[0].n, 12);
  t.is((await lapsePolicies(stack.app.deps, systemAct(), 3)).processed, 0);
});
