import test from 'ava';
import { expireQuotations } from '../../shared/domain/quotations/quotation-sweeps.js';
import { systemAct } from '../../shared/kernel/act.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { client } from '../helpers/client.js';
import { sqlOn } from '../helpers/db.js';
import { expectData } from '../helpers/expect.js';
import { given } from '../helpers/given.js';
import { dayFromToday } from '../helpers/quotations.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';

/**
 * The quotation expiry sweep: quoted quotations whose validUntil day has ended expire, run directly on
 * a few dozen (twice: idempotent), by the `quotations` worker when POST /quotations/sweep/expire hands it
 * over, and as a job scheduler every QUOTATION_SWEEP_EVERY.
 */
let stack: Stack;
test.before(async () => {
  stack = await startStack({ workers: true });
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);

/** `n` quotations of a fresh agent in `status`, valid until `offset` days from today (bulk insert: the sweep is the subject). */
async function quotations(agentId: string, n: number, status: string, offset: number | null): Promise<string[]> {
  const ids = Array.from({ length: n }, () => uuidv7());
  const quotedFields = status === 'requested' || status === 'withdrawn' ? null : 100;
  await sql(
    `insert into quotations (id, quotation_number, status, agent_id, insurer_id, product_code, applicant_name, currency,
       sum_insured_minor, premium_minor, valid_until, policy_id)
     select id, 'QSWEEP-' || id, ?, ?, 'insurer-s', 'MOTOR', 'Applicant', 'KES', 1000, ?, ?::date, null
     from unnest(array[?]::uuid[]) as id`,
    [status, agentId, quotedFields, offset === null ? null : dayFromToday(offset), ids],
  );
  return ids;
}
const statuses = async (ids: string[]) => {
  const rows = await sql(`select status, count(*)::int as n from quotations where id in (?) group by status`, [ids]);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
};

test.serial(
  'quoted quotations past their validUntil day expire, once; those valid today and the others stay',
  async (t) => {
    const agent = await given.account(stack);
    const ended = await quotations(agent.id, 40, 'quoted', -1);
    const longAgo = await quotations(agent.id, 5, 'quoted', -30);
    const endsToday = await quotations(agent.id, 10, 'quoted', 0);
    const later = await quotations(agent.id, 5, 'quoted', 3);
    const requested = await quotations(agent.id, 5, 'requested', null);
    const withdrawn = await quotations(agent.id, 5, 'withdrawn', -3);

    const first = await expireQuotations(stack.app.deps, systemAct('quotation-sweep-test'));
    t.like(first, { failed: 0 });
    t.deepEqual(await statuses([...ended, ...longAgo]), { expired: 45 });
    t.deepEqual(await statuses([...endsToday, ...later]), { quoted: 15 });
    t.deepEqual(await statuses(requested), { requested: 5 });
    t.deepEqual(await statuses(withdrawn), { withdrawn: 5 });
    const again = await expireQuotations(stack.app.deps, systemAct('quotation-sweep-test-2'));
    t.like(again, { processed: 0, failed: 0 });

    const entries = await sql(
      `select actor, request_id, summary from audit_entries where action = 'quotation.expire' and subject_id = ?`,
      [ended[0]],
    );
    t.deepEqual(entries, [
      {
        actor: 'system',
        request_id: 'quotation-sweep-test',
        summary: { from: 'quoted', validUntil: dayFromToday(-1) },
      },
    ]);
    const [{ n }] = await sql(`select count(*)::int as n from quotations where id in (?) and expired_at is null`, [
      ended,
    ]);
    t.is(n, 0);
  },
);

test.serial(
  'POST /quotations/sweep/expire hands the sweep to the worker (201); once it has run, a new call queues another (201)',
  async (t) => {
    const api = client(stack.app);
    const underwriter = await given.user(stack, { roles: ['underwriter'] });
    const agent = await given.account(stack);
    const due = await quotations(agent.id, 12, 'quoted', -2);
    const queue = stack.app.queues.get('quotations');
    // A call while the scheduler's run waits or runs joins it (200): let the run at the worker's start end.
    await waitFor(
      async () => (await queue.getJobs(['waiting', 'active', 'prioritized'])).length === 0,
      "the scheduler's first sweep",
    );

    const requested = await api.as(underwriter).post('/quotations/sweep/expire');
    const first = expectData(t, requested, 201);
    await waitFor(async () => (await (await queue.getJob(first.jobId))?.getState()) === 'completed', 'the sweep job');
    t.deepEqual(await statuses(due), { expired: 12 });
    const [row] = await sql(
      `select distinct request_id from audit_entries where action = 'quotation.expire' and subject_id in (?)`,
      [due],
    );
    t.is(row.request_id, requested.headers['x-request-id'], 'the sweep runs under the id of the request that asked');

    const second = expectData(t, await api.as(underwriter).post('/quotations/sweep/expire'), 201);
    t.not(second.jobId, first.jobId);
    await waitFor(
      async () => (await (await queue.getJob(second.jobId))?.getState()) === 'completed',
      'the second sweep',
    );
  },
);

test('the sweep is a job scheduler of the quotations queue, every QUOTATION_SWEEP_EVERY seconds', async (t) => {
  const schedulers = await stack.workers!.queues.get('quotations').getJobSchedulers();
  t.deepEqual(
    schedulers.map((s) => [s.key, Number(s.every)]),
    [['expire-quotations', stack.config.QUOTATION_SWEEP_EVERY * 1000]],
  );
});
