import test from 'ava';
import { generateRenewalForTerm } from '../../../shared/domain/renewals/renewal-sweeps.js';
import { systemAct } from '../../../shared/kernel/act.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** A renewal's next term is one the service can keep: within 2999-12-31 and at most 50 years long, else 422. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const policyOf = (effectiveFrom: string, effectiveTo: string) =>
  given.policy(stack, { agentId: admin.id, effectiveFrom, effectiveTo });
const generate = (policyId: string) => api.as(admin).post(`/renewals/policies/${policyId}/generate`);
const renewalsOf = async (policyId: string) =>
  (await sqlOn(stack)(`select id from renewals where policy_id = ?`, [policyId])).length;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('renewing a policy that ends on 2999-12-31 answers 422 INVARIANT_VIOLATION naming termFrom, and makes no renewal', async (t) => {
  const policy = await policyOf('2999-01-01', '2999-12-31');
  expectError(t, await generate(policy.id), 422, 'INVARIANT_VIOLATION', {
    date: 'termFrom',
    value: '3000-01-01',
    earliest: '1900-01-01',
    latest: '2999-12-31',
  });
  t.is(await renewalsOf(policy.id), 0);
});

test('a next term ending after 2999-12-31 answers 422 naming termTo; one ending on it is generated', async (t) => {
  const past = await policyOf('2999-01-01', '2999-07-02');
  expectError(t, await generate(past.id), 422, 'INVARIANT_VIOLATION', {
    date: 'termTo',
    value: '3000-01-01',
    earliest: '1900-01-01',
    latest: '2999-12-31',
  });
  const fits = await policyOf('2999-01-01', '2999-06-30');
  t.like(expectData(t, await generate(fits.id), 201), { termFrom: '2999-07-01', termTo: '2999-12-31' });
});

test('a policy stored with a term over 50 years is not renewed for as long: 422 naming termTo', async (t) => {
  const policy = await policyOf('1950-01-01', '2026-12-31');
  expectError(t, await generate(policy.id), 422, 'INVARIANT_VIOLATION', {
    date: 'termTo',
    value: '2103-12-31',
    latest: '2077-01-01',
  });
  t.is(await renewalsOf(policy.id), 0);
});

test('the renewal sweep skips a due policy whose next term the service cannot keep, and generates the others', async (t) => {
  const deps = stack.app.deps;
  const act = systemAct('test-renewal-sweep');
  const tooLong = await policyOf('1950-01-01', day(10));
  const fine = await policyOf(day(10 - 364), day(10));
  t.is(await generateRenewalForTerm(deps, act, { policyId: tooLong.id, termFrom: day(11) }), 'out-of-range');
  t.is(await generateRenewalForTerm(deps, act, { policyId: fine.id, termFrom: day(11) }), 'generated');
  t.is(await renewalsOf(tooLong.id), 0);
  t.is(await renewalsOf(fine.id), 1);
});
