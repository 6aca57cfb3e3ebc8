import test from 'ava';
import { claimIn } from '../../helpers/claims.js';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Conflicting claim actions fired in parallel: one wins, the other answers 422, nothing is applied twice. */
let stack: Stack;
let api: Api;
let admin: SignedIn;
/** Files the claims the admin works: four eyes keep a filer from settling or paying their own claim. */
let filer: SignedIn;
let policyId: string;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  admin = await given.admin(stack);
  filer = await given.admin(stack);
  policyId = (await given.policy(stack, { agentId: admin.id })).id;
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const codes = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

test('two settlements of one claim at once: one settles, the other answers 422, one settled amount', async (t) => {
  for (let round = 0; round < 4; round++) {
    const claim = await claimIn(api.as(admin), policyId, 'under_review', { filer: api.as(filer) });
    const settle = (amountMinor: number) =>
      api.as(admin).post(`/claims/${claim.id}/settle`, { amount: { amountMinor, currency: 'KES' } });
    const [a, b] = await Promise.all([settle(100_000), settle(200_000)]);
    t.deepEqual(codes([a, b]), [200, 422]);
    const winner = a.statusCode === 200 ? 100_000 : 200_000;
    const [row] = await sql(`select settled_amount_minor::int as settled from claims where id = ?`, [claim.id]);
    t.is(row.settled, winner);
    const [{ n }] = await sql(
      `select count(*)::int as n from audit_entries where action = 'claim.settle' and subject_id = ?`,
      [claim.id],
    );
    t.is(n, 1);
  }
});

test('two appeals at once: one is the appeal, the other answers 422, the appeal count is 1', async (t) => {
  for (let round = 0; round < 4; round++) {
    const claim = await claimIn(api.as(admin), policyId, 'repudiated', { filer: api.as(filer) });
    const appeal = () => api.as(admin).post(`/claims/${claim.id}/appeal`, { reason: 'please' });
    t.deepEqual(codes(await Promise.all([appeal(), appeal()])), [200, 422]);
    t.is(expectData(t, await api.as(admin).get(`/claims/${claim.id}`)).appealCount, 1);
  }
});

test('closing against the last payment: the close waits for the payment or finds it missing, never closes unpaid', async (t) => {
  for (let round = 0; round < 4; round++) {
    const claim = await claimIn(api.as(admin), policyId, 'settled', { filer: api.as(filer) });
    const [pay, close] = await Promise.all([
      api.as(admin).post(`/claims/${claim.id}/payments`, {
        amount: { amountMinor: 300_000, currency: 'KES' },
        method: 'bank_transfer',
        reference: `R-${round}`,
        paidAt: new Date().toISOString(),
      }),
      api.as(admin).post(`/claims/${claim.id}/close`),
    ]);
    t.is(pay.statusCode, 201);
    const [row] = await sql(`select status, paid_amount_minor::int as paid from claims where id = ?`, [claim.id]);
    if (close.statusCode === 200) t.deepEqual(row, { status: 'closed', paid: 300_000 });
    else {
      t.is(close.json().error.code, 'OUTSTANDING_PAYMENTS');
      t.deepEqual(row, { status: 'settled', paid: 300_000 });
    }
  }
});

test('withdraw against settle at once: exactly one of them applies', async (t) => {
  for (let round = 0; round < 4; round++) {
    const claim = await claimIn(api.as(admin), policyId, 'under_review', { filer: api.as(filer) });
    const [withdraw, settle] = await Promise.all([
      api.as(admin).post(`/claims/${claim.id}/withdraw`, { reason: 'race' }),
      api.as(admin).post(`/claims/${claim.id}/settle`, { amount: { amountMinor: 1_000, currency: 'KES' } }),
    ]);
    t.deepEqual(codes([withdraw, settle]), [200, 422]);
    const [row] = await sql(`select status from claims where id = ?`, [claim.id]);
    t.is(row.status, withdraw.statusCode === 200 ? 'withdrawn' : 'settled');
  }
});
