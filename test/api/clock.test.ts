import test from 'ava';
import { type Api, client } from '../helpers/client.js';
import { expectData, expectError, expectValidation } from '../helpers/expect.js';
import { given, type SignedIn } from '../helpers/given.js';
import { QUOTE, requestQuote } from '../helpers/quotations.js';
import { movableClock, type Stack, startStack } from '../helpers/stack.js';

/**
 * What day it is comes from one clock, the services' (shared/kernel/clock.ts): a stack given a clock
 * standing years ahead judges every date rule by that day, not by the machine's or the database's.
 */

/** A clock the tests move by hand. */
const clock = movableClock(new Date('2031-03-01T09:00:00Z'));
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

test.serial(
  "a quotation's validUntil is judged by the clock's day, and it expires when that day has passed",
  async (t) => {
    clock.at = new Date('2031-03-01T09:00:00Z');
    const requested = await requestQuote(t, api.as(admin), { agentId: admin.id, insurerId: 'savanna-mutual' });
    // In the machine's future, but before the clock's today.
    const past = await api
      .as(admin)
      .post(`/quotations/${requested.id}/respond`, { ...QUOTE, validUntil: '2031-02-28' });
    expectValidation(t, past, { 'body.validUntil': 'notPast' });
    const quoted = expectData(
      t,
      await api.as(admin).post(`/quotations/${requested.id}/respond`, { ...QUOTE, validUntil: '2031-03-02' }),
    );
    t.is(quoted.status, 'quoted');

    clock.at = new Date('2031-03-03T00:00:01Z');
    const accept = await api.as(admin).post(`/quotations/${requested.id}/accept`, {});
    expectError(t, accept, 422, 'INVALID_TRANSITION');
    t.is(accept.json().error.details.from, 'expired');
  },
);

test.serial("a cancellation without a date takes effect on the clock's day", async (t) => {
  clock.at = new Date('2031-06-15T12:00:00Z');
  const policy = await given.policy(stack, {
    agentId: admin.id,
    status: 'active',
    effectiveFrom: '2031-01-01',
    effectiveTo: '2031-12-31',
  });
  const cancelled = expectData(
    t,
    await api.as(admin).post(`/policies/${policy.id}/cancel`, { reason: 'Sold the car' }),
  );
  t.is(cancelled.cancellationEffectiveDate, '2031-06-15');
});
