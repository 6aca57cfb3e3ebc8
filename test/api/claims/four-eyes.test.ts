import test from 'ava';
import { BACKFILL_FILED_BY } from '../../../shared/db/migrations/Migration20261125000300_four_eyes_note_visibility.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { claimIn, fileClaim } from '../../helpers/claims.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** Four eyes on claims: whoever filed a claim (filedBy) neither settles it nor records its payments. */
let { stack, api, admin, colleague } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin, colleague } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const settle = (amountMinor = 1_000) => ({ amount: { amountMinor, currency: 'KES' } });
const payment = (amountMinor = 1_000) => ({
  amount: { amountMinor, currency: 'KES' },
  method: 'bank_transfer',
  reference: `FE-${amountMinor}`,
  paidAt: new Date().toISOString(),
});
const policyId = async () => (await given.policy(stack, { agentId: admin.id })).id;
const FOUR_EYES = { reason: 'four_eyes' };

test('the user who filed a claim cannot settle it, admin as they are: 403 four_eyes, the claim unchanged; another user settles it', async (t) => {
  const claim = await claimIn(api.as(admin), await policyId(), 'under_review', { filer: api.as(admin) });
  expectError(t, await api.as(admin).post(`/claims/${claim.id}/settle`, settle()), 403, 'FORBIDDEN', FOUR_EYES);
  const [row] = await sql(`select status, settled_amount_minor from claims where id = ?`, [claim.id]);
  t.deepEqual(row, { status: 'under_review', settled_amount_minor: null });
  const [{ n }] = await sql(
    `select count(*)::int as n from audit_entries where action = 'claim.settle' and subject_id = ?`,
    [claim.id],
  );
  t.is(n, 0);
  t.like(expectData(t, await api.as(colleague).post(`/claims/${claim.id}/settle`, settle())), {
    status: 'settled',
    filedBy: admin.id,
  });
});

test('the user who filed a claim cannot record its payments: 403 four_eyes, nothing paid; another user records them', async (t) => {
  const claim = await claimIn(api.as(colleague), await policyId(), 'settled', { filer: api.as(admin) });
  expectError(t, await api.as(admin).post(`/claims/${claim.id}/payments`, payment()), 403, 'FORBIDDEN', FOUR_EYES);
  const [row] = await sql(
    `select paid_amount_minor::int as paid, (select count(*)::int from claim_payments where claim_id = ?) as payments from claims where id = ?`,
    [claim.id, claim.id],
  );
  t.deepEqual(row, { paid: 0, payments: 0 });
  t.like(expectData(t, await api.as(colleague).post(`/claims/${claim.id}/payments`, payment()), 201), {
    recordedBy: colleague.id,
  });
});

test('a claims handler settles and pays a claim its agent filed; the agent holds neither permission anyway', async (t) => {
  const agent = await given.user(stack, { roles: ['agent'] });
  const handler = await given.user(stack, { roles: ['claims_handler'] });
  const claim = await fileClaim(api.as(agent), (await given.policy(stack, { agentId: agent.id })).id);
  expectData(t, await api.as(handler).post(`/claims/${claim.id}/review`));
  t.is(expectData(t, await api.as(handler).post(`/claims/${claim.id}/settle`, settle(5_000))).status, 'settled');
  expectData(t, await api.as(handler).post(`/claims/${claim.id}/payments`, payment(5_000)), 201);
  t.is(expectData(t, await api.as(handler).post(`/claims/${claim.id}/close`)).status, 'closed');
});

test('filedBy is in every claim body: the filing answer, GET, the list and action answers', async (t) => {
  const policy = await policyId();
  const filed = await fileClaim(api.as(colleague), policy);
  t.is(filed.filedBy, colleague.id);
  t.is(expectData(t, await api.as(admin).get(`/claims/${filed.id}`)).filedBy, colleague.id);
  const listed = expectData(t, await api.as(admin).get(`/claims?policyId=${policy}`));
  t.deepEqual(
    listed.map((c: any) => [c.id, c.filedBy]),
    [[filed.id, colleague.id]],
  );
  t.is(expectData(t, await api.as(admin).post(`/claims/${filed.id}/review`)).filedBy, colleague.id);
});

test('a claim filed before filedBy was recorded gets its filer from its claim.file audit entry; without one it stays null and restricts nobody', async (t) => {
  const known = await fileClaim(api.as(admin), await policyId());
  const unknown = await fileClaim(api.as(admin), await policyId());
  // As the migration found them: no filed_by; one claim also without its audit entry.
  await sql(`update claims set filed_by = null where id in (?, ?)`, [known.id, unknown.id]);
  await sql(`update audit_entries set action = 'claim.other' where subject_id = ? and action = 'claim.file'`, [
    unknown.id,
  ]);
  await sql(BACKFILL_FILED_BY);
  t.is(expectData(t, await api.as(admin).get(`/claims/${known.id}`)).filedBy, admin.id);
  t.is(expectData(t, await api.as(admin).get(`/claims/${unknown.id}`)).filedBy, null);
  expectData(t, await api.as(admin).post(`/claims/${known.id}/review`));
  expectError(t, await api.as(admin).post(`/claims/${known.id}/settle`, settle()), 403, 'FORBIDDEN', FOUR_EYES);
  expectData(t, await api.as(admin).post(`/claims/${unknown.id}/review`));
  t.is(expectData(t, await api.as(admin).post(`/claims/${unknown.id}/settle`, settle())).status, 'settled');
});
