import test from 'ava';
import { forgetSignInRecords } from '../../shared/domain/maintenance/maintenance.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { sqlOn, unique } from '../helpers/db.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

/**
 * The hourly clean-up of sign-in protection: failure counts (one per email tried, a user's or not, and
 * one per device token) and handled password-reset requests do not pile up, while a running lock and a
 * recent count stay. Serial: each test runs the whole clean-up, which would count the other's rows too.
 */
let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);

test.serial(
  'failure counts not added to for a day are forgotten unless the email is locked now; handled reset requests after 7 days',
  async (t) => {
    const email = (label: string) => `${label}-${unique()}@example.test`;
    const counts = {
      stale: email('stale'),
      staleLockRanOut: email('ran-out'),
      recent: email('recent'),
      lockedNow: email('locked'),
    };
    const insert = (address: string, updatedAgo: string, lockedUntil: string | null) =>
      sql(
        `insert into sign_in_failures (email, failures, locked_until, updated_at) values (?, 3, ${lockedUntil ?? 'null'}, now() - ?::interval)`,
        [address, updatedAgo],
      );
    await insert(counts.stale, '25 hours', null);
    await insert(counts.staleLockRanOut, '25 hours', `now() - interval '1 hour'`);
    await insert(counts.recent, '1 hour', null);
    await insert(counts.lockedNow, '25 hours', `now() + interval '1 hour'`);

    const requests = { old: uuidv7(), recent: uuidv7(), unhandled: uuidv7() };
    const request = (id: string, handledAgo: string | null) =>
      sql(
        `insert into password_reset_requests (id, email, handled_at, created_at) values (?, ?, ${handledAgo ? 'now() - ?::interval' : 'null'}, now() - interval '8 days')`,
        handledAgo ? [id, email('reset'), handledAgo] : [id, email('reset')],
      );
    await request(requests.old, '8 days');
    await request(requests.recent, '1 day');
    await request(requests.unhandled, null);

    const forgotten = await forgetSignInRecords(stack.app.deps);
    t.true(forgotten.failureCounts >= 2 && forgotten.resetRequests >= 1, JSON.stringify(forgotten));
    const left = (await sql(`select email from sign_in_failures where email in (?)`, [Object.values(counts)])).map(
      (r) => r.email,
    );
    t.deepEqual(left.sort(), [counts.recent, counts.lockedNow].sort());
    const leftRequests = (
      await sql(`select id from password_reset_requests where id in (?)`, [Object.values(requests)])
    ).map((r) => r.id);
    t.deepEqual(leftRequests.sort(), [requests.recent, requests.unhandled].sort());
  },
);

test.serial(
  'failure counts of device tokens not added to for a day are forgotten unless the device is locked now',
  async (t) => {
    const user = await given.account(stack);
    const devices = { stale: uuidv7(), staleLockRanOut: uuidv7(), recent: uuidv7(), lockedNow: uuidv7() };
    const insert = (deviceId: string, updatedAgo: string, lockedUntil: string | null) =>
      sql(
        `insert into sign_in_device_failures (device_id, user_id, failures, locked_until, updated_at) values (?, ?, 3, ${lockedUntil ?? 'null'}, now() - ?::interval)`,
        [deviceId, user.id, updatedAgo],
      );
    await insert(devices.stale, '25 hours', null);
    await insert(devices.staleLockRanOut, '25 hours', `now() - interval '1 hour'`);
    await insert(devices.recent, '1 hour', null);
    await insert(devices.lockedNow, '25 hours', `now() + interval '1 hour'`);

    const forgotten = await forgetSignInRecords(stack.app.deps);
    t.true(forgotten.deviceFailureCounts >= 2, JSON.stringify(forgotten));
    const left = (await sql(`select device_id from sign_in_device_failures where user_id = ?`, [user.id])).map(
      (r) => r.device_id,
    );
    t.deepEqual(left.sort(), [devices.recent, devices.lockedNow].sort());
  },
);
