import test, { type ExecutionContext } from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { fileClaim } from '../../helpers/claims.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';

/** Settlements and payments at the edges of what an amount may be: zero, and the largest integer JSON keeps exact. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));
// Four eyes: the admin files, another user settles and pays.
let handler: Promise<SignedIn> | undefined;
async function asHandler() {
  handler ??= given.admin(stack);
  return api.as(await handler);
}

const MAX = Number.MAX_SAFE_INTEGER;
const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });

async function claimUnderReview(t: ExecutionContext, sumInsuredMinor = 100_000_000, claimedMinor = 500_000) {
  const policy = await given.policy(stack, { agentId: admin.id, sumInsuredMinor });
  const claim = await fileClaim(api.as(admin), policy.id, { claimedAmount: kes(claimedMinor) });
  expectData(t, await api.as(admin).post(`/claims/${claim.id}/review`));
  return claim;
}

test('a settlement of zero answers 400 on body.amount.amountMinor and leaves the claim under review', async (t) => {
  const claim = await claimUnderReview(t);
  const handlerApi = await asHandler();
  expectValidation(t, await handlerApi.post(`/claims/${claim.id}/settle`, { amount: kes(0) }), {
    'body.amount.amountMinor': 'exclusiveMinimum',
  });
  t.is(expectData(t, await api.as(admin).get(`/claims/${claim.id}`)).status, 'under_review');
});

test('a claim of 2^53-1 minor units is settled and paid in full; a minor unit more answers 422, never 500', async (t) => {
  const claim = await claimUnderReview(t, MAX, MAX);
  const handlerApi = await asHandler();
  const settled = expectData(t, await handlerApi.post(`/claims/${claim.id}/settle`, { amount: kes(MAX) }));
  t.deepEqual(settled.settledAmount, kes(MAX));
  const pay = (amountMinor: number, reference: string) =>
    handlerApi.post(`/claims/${claim.id}/payments`, {
      amount: kes(amountMinor),
      method: 'bank_transfer',
      reference,
      paidAt: new Date().toISOString(),
    });
  expectData(t, await pay(MAX - 1, 'PAY-A'), 201);
  expectError(t, await pay(MAX, 'PAY-B'), 422, 'PAYMENT_EXCEEDS_SETTLEMENT');
  expectData(t, await pay(1, 'PAY-C'), 201);
  expectError(t, await pay(1, 'PAY-D'), 422, 'PAYMENT_EXCEEDS_SETTLEMENT');
  t.deepEqual(expectData(t, await api.as(admin).get(`/claims/${claim.id}`)).paidAmount, kes(MAX));
});
