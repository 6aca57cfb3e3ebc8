import test from 'ava';
import pg from 'pg';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { quote, requestQuote } from '../../helpers/quotations.js';
import { waitFor } from '../../helpers/stack.js';

/**
 * Quotation actions fired in parallel: exactly one wins. The loser answers 409 CONFLICT when it read
 * the quotation before the winner committed (the version moved on), 422 when it read it after.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const quoted = async (t: any) => {
  const q = await requestQuote(t, api.as(admin), { agentId: admin.id, insurerId: 'insurer-race' });
  return quote(t, api.as(admin), q.id);
};

test('withdraw against accept in parallel: exactly one wins; a withdrawn quotation never has a policy', async (t) => {
  const losers = new Set<number>();
  for (let round = 0; round < 8; round++) {
    const q = await quoted(t);
    const [accept, withdraw] = await Promise.all([
      api.as(admin).post(`/quotations/${q.id}/accept`),
      api.as(admin).post(`/quotations/${q.id}/withdraw`),
    ]);
    const codes = [accept.statusCode, withdraw.statusCode];
    t.is(codes.filter((c) => c === 200).length, 1, `one winner: ${codes}`);
    const loser = codes.find((c) => c !== 200)!;
    t.true(loser === 409 || loser === 422, `the loser answers 409 or 422: ${codes}`);
    losers.add(loser);
    const loserBody = (accept.statusCode === 200 ? withdraw : accept).json();
    t.is(loserBody.error.code, loser === 409 ? 'CONFLICT' : 'INVALID_TRANSITION');
    const [row] = await sql(
      `select q.status, q.policy_id, (select count(*)::int from policies p where p.id = q.policy_id) as policies
       from quotations q where q.id = ?`,
      [q.id],
    );
    if (accept.statusCode === 200) t.like(row, { status: 'accepted', policies: 1 });
    else t.deepEqual(row, { status: 'withdrawn', policy_id: null, policies: 0 });
    const [{ n }] = await sql(
      `select count(*)::int as n from audit_entries where subject_id = ? and action in ('quotation.accept', 'quotation.withdraw')`,
      [q.id],
    );
    t.is(n, 1, 'one audit entry: the winner');
  }
  t.log(`losers answered ${[...losers].join(' and ')}`);
});

test('two accepts in parallel: one 200, the other 409 or 422, exactly one policy', async (t) => {
  for (let round = 0; round < 4; round++) {
    const q = await quoted(t);
    const responses = await Promise.all([
      api.as(admin).post(`/quotations/${q.id}/accept`),
      api.as(admin).post(`/quotations/${q.id}/accept`),
    ]);
    const codes = responses.map((r) => r.statusCode).sort();
    t.is(codes[0], 200, `${codes}`);
    t.true(codes[1] === 409 || codes[1] === 422, `${codes}`);
    const [{ n }] = await sql(
      `select count(*)::int as n from domain_events where type = 'policy.issued' and data->>'quotationId' = ?`,
      [q.id],
    );
    t.is(n, 1);
    const accepted = expectData(t, await api.as(admin).get(`/quotations/${q.id}`));
    t.truthy(accepted.policyId);
  }
});

test('a withdrawal that read the quotation before a concurrent change committed answers 409 CONFLICT and changes nothing', async (t) => {
  const q = await quoted(t);
  // Another transaction holds the row, so the withdrawal reads version N and then waits at its UPDATE.
  const other = new pg.Client({ connectionString: stack.config.DATABASE_URL });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('select id from quotations where id = $1 for update', [q.id]);
    const pending = api.as(admin).post(`/quotations/${q.id}/withdraw`);
    await waitFor(
      async () =>
        (
          await sql(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%quotations%'`,
          )
        ).length > 0,
      'the withdrawal to wait for the row',
    );
    await other.query(`update quotations set version = version + 1, terms = 'changed meanwhile' where id = $1`, [q.id]);
    await other.query('commit');
    expectError(t, await pending, 409, 'CONFLICT');
  } finally {
    await other.query('rollback').catch(() => undefined);
    await other.end();
  }
  t.like(await sql('select status, terms from quotations where id = ?', [q.id]).then((rows) => rows[0]), {
    status: 'quoted',
    terms: 'changed meanwhile',
  });
  t.is(
    (
      await sql(`select count(*)::int as n from audit_entries where subject_id = ? and action = 'quotation.withdraw'`, [
        q.id,
      ])
    )[0].n,
    0,
  );
});
