import { createHash, randomBytes } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { DeviceTokens } from '../../../shared/domain/identity/device-token.js';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type Api, client, type Response } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given, PASSWORD } from '../../helpers/given.js';
import { codeAt, withMfa, wrongCode } from '../../helpers/mfa.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/**
 * Nobody can lock someone else out (LOCKOUT_THRESHOLD=3 here): a stranger's failures lock the email,
 * but alice, sending the device token of an earlier sign-in, is counted apart and still gets in with
 * the right password. A lockout changes no account and ends no session.
 */
let stack: Stack;
let api: Api;
test.before(async () => {
  stack = await startStack({
    env: {
      LOCKOUT_THRESHOLD: '3',
      LOCKOUT_MINUTES: '15',
      RATE_LIMIT_LOGIN_MAX: '100000',
      RATE_LIMIT_REFRESH_MAX: '100000',
      RATE_LIMIT_MFA_MAX: '100000',
    },
  });
  api = client(stack.app);
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const signIn = (email: string, password: string, deviceToken?: string) =>
  api.post('/auth/login', { email, password, ...(deviceToken === undefined ? {} : { deviceToken }) });
const lockedOut = (t: ExecutionContext, res: Response, label?: string) => {
  expectError(t, res, 429, 'RATE_LIMITED', { reason: 'too_many_failed_sign_ins' }, label);
  t.true(Number(res.headers['retry-after']) > 0, `${label ?? ''} Retry-After`);
};
/** A stranger's three wrong passwords: the email is locked. */
async function strangerLocks(t: ExecutionContext, email: string) {
  for (let i = 0; i < 3; i++) expectError(t, await signIn(email, `stranger-guess-${i}`), 401, 'INVALID_CREDENTIALS');
  lockedOut(t, await signIn(email, PASSWORD), 'the email is locked');
}
const lockoutsOf = async (userId: string) =>
  (await sql(`select summary from audit_entries where subject_id = ? and action = 'auth.lockout'`, [userId])).map(
    (r) => r.summary,
  );
const deviceCounts = async (userId: string) =>
  sql(
    `select failures, coalesce(locked_until > now(), false) as locked from sign_in_device_failures where user_id = ?`,
    [userId],
  );

test("a stranger's wrong passwords lock alice's email, yet alice with her device token signs in with the right password", async (t) => {
  const alice = await given.account(stack);
  const earlier = await given.login(stack, alice);
  await strangerLocks(t, alice.email);
  const signedIn = expectData(t, await signIn(alice.email, alice.password, earlier.deviceToken));
  t.is(signedIn.user.id, alice.id);
  t.not(signedIn.deviceToken, earlier.deviceToken, 'each sign-in hands out a new device token');
  expectData(t, await signIn(alice.email, alice.password, signedIn.deviceToken));
  lockedOut(t, await signIn(alice.email, alice.password), 'without it the email lock still stands');
});

test("a lockout ends nothing: alice's access and refresh tokens keep working and her status stays active", async (t) => {
  const alice = await given.account(stack);
  const session = await given.login(stack, alice);
  await strangerLocks(t, alice.email);
  const me = expectData(t, await api.as(session.accessToken).get('/auth/me'));
  t.is(me.status, 'active');
  const next = expectData(t, await api.post('/auth/refresh', { refreshToken: session.refreshToken }));
  expectData(t, await api.as(next.accessToken).get('/auth/me'));
  const [row] = await sql(`select status, locked_until from users where id = ?`, [alice.id]);
  t.deepEqual({ ...row }, { status: 'active', locked_until: null });
  const [live] = await sql(`select count(*)::int as n from auth_sessions where user_id = ? and revoked_at is null`, [
    alice.id,
  ]);
  t.is(live.n, 1);
});

test('with the device token, wrong passwords lock only that device: the email lock is not what refuses', async (t) => {
  const alice = await given.account(stack);
  const { deviceToken } = await given.login(stack, alice);
  for (let i = 0; i < 3; i++)
    expectError(t, await signIn(alice.email, `mistyped-${i}-password`, deviceToken), 401, 'INVALID_CREDENTIALS');
  lockedOut(t, await signIn(alice.email, alice.password, deviceToken), 'the device is locked');
  t.deepEqual(await deviceCounts(alice.id), [{ failures: 3, locked: true }]);
  t.deepEqual(await sql(`select * from sign_in_failures where email = ?`, [alice.email.toLowerCase()]), []);
  // The email's own count was never touched: without that device token the right password gets in.
  expectData(t, await signIn(alice.email, alice.password));
  // Another device of hers is not locked either.
  const other = await given.login(stack, alice);
  expectData(t, await signIn(alice.email, alice.password, other.deviceToken));
});

test('a successful sign-in with the device token clears that device count only', async (t) => {
  const alice = await given.account(stack);
  const { deviceToken } = await given.login(stack, alice);
  for (let i = 0; i < 2; i++) await signIn(alice.email, `mistyped-${i}-password`, deviceToken);
  for (let i = 0; i < 2; i++) await signIn(alice.email, `stranger-${i}-password`);
  expectData(t, await signIn(alice.email, alice.password, deviceToken));
  t.deepEqual(await deviceCounts(alice.id), [], 'the device count starts again');
  const [email] = await sql(`select failures from sign_in_failures where email = ?`, [alice.email.toLowerCase()]);
  t.is(email.failures, 2, "the email's count is the strangers'");
});

test('a lock writes exactly one auth.lockout audit entry, however many attempts it then refuses', async (t) => {
  const alice = await given.account(stack);
  const { deviceToken } = await given.login(stack, alice);
  const failures = await Promise.all(Array.from({ length: 4 }, (_, i) => signIn(alice.email, `guess-${i}-password`)));
  for (const res of failures) expectError(t, res, 401, 'INVALID_CREDENTIALS');
  for (let i = 0; i < 3; i++) lockedOut(t, await signIn(alice.email, `more-${i}-password`));
  t.deepEqual(await lockoutsOf(alice.id), [{ counter: 'email', consecutiveFailures: 3, minutes: 15 }]);
  for (let i = 0; i < 3; i++) await signIn(alice.email, `mistyped-${i}-password`, deviceToken);
  lockedOut(t, await signIn(alice.email, alice.password, deviceToken));
  t.deepEqual((await lockoutsOf(alice.id)).map((s) => s.counter).sort(), ['device', 'email']);
  const [leak] = await sql(`select count(*)::int as n from audit_entries a where a::text like ?`, [`%${deviceToken}%`]);
  t.is(leak.n, 0, 'the device token is in no audit entry');
});

test("a device token of another user, a forged one or an expired one counts as none: alice's locked email refuses them", async (t) => {
  const alice = await given.account(stack);
  const bob = await given.login(stack, await given.account(stack));
  const own = await given.login(stack, alice);
  const forged = `${own.deviceToken.slice(0, -2)}${own.deviceToken.endsWith('AA') ? 'AB' : 'AA'}`;
  const otherKey = new DeviceTokens('another-service-secret-that-is-long-enough').issue(alice.id);
  const expired = stack.app.deps.deviceTokens.issue(alice.id, Date.now() - 181 * 86_400_000);
  // Bob's token with alice's email counts on alice's email, as no token would.
  for (let i = 0; i < 3; i++)
    expectError(t, await signIn(alice.email, `guess-${i}-password`, bob.deviceToken), 401, 'INVALID_CREDENTIALS');
  lockedOut(t, await signIn(alice.email, PASSWORD), 'the email is locked by attempts with a token of another user');
  for (const [label, token] of Object.entries({ bob: bob.deviceToken, forged, otherKey, expired, junk: 'not a token' }))
    lockedOut(t, await signIn(alice.email, alice.password, token), label);
  t.deepEqual(await deviceCounts(alice.id), []);
  t.deepEqual(await deviceCounts(bob.user.id), [], "bob's device is not counted for alice's email");
  expectData(t, await signIn(alice.email, alice.password, own.deviceToken));
});

test('with MFA, alice with her device token completes both steps while her email is locked, and her wrong codes lock only the device', async (t) => {
  const alice = await withMfa(stack);
  const step = async (deviceToken?: string) => {
    const res = await signIn(alice.email, alice.password, deviceToken);
    return expectData(t, res).mfaToken as string;
  };
  const first = expectData(t, await api.post('/auth/login', { mfaToken: await step(), code: codeAt(alice.secret, 1) }));
  t.regex(first.deviceToken, /^[A-Za-z0-9_-]{40,}$/, 'the completed MFA sign-in hands out a device token');
  await strangerLocks(t, alice.email);
  const mfaToken = await step(first.deviceToken);
  const done = await api.post('/auth/login', {
    mfaToken,
    code: alice.recoveryCodes[0], // the TOTP code of the next step was spent above
    deviceToken: first.deviceToken,
  });
  t.is(expectData(t, done).user.id, alice.id);
  // Her own wrong codes count on her device, not on the email.
  const device = done.json().data.deviceToken;
  for (let i = 0; i < 3; i++) {
    const res = await api.post('/auth/login', {
      mfaToken: await step(device),
      code: wrongCode(alice.secret),
      deviceToken: device,
    });
    expectError(t, res, 401, 'INVALID_MFA_CODE');
  }
  lockedOut(t, await signIn(alice.email, alice.password, device), 'the device is locked');
  t.deepEqual(await deviceCounts(alice.id), [{ failures: 3, locked: true }]);
});

test('alice with her device token changes her password while a stranger keeps her email locked', async (t) => {
  const alice = await given.account(stack);
  const session = await given.login(stack, alice);
  await strangerLocks(t, alice.email);
  const change = (deviceToken?: string) =>
    api.as(session.accessToken).post('/auth/change-password', {
      currentPassword: alice.password,
      newPassword: 'a-new-passphrase-of-alice',
      ...(deviceToken ? { deviceToken } : {}),
    });
  lockedOut(t, await change(), 'without the device token the email lock applies');
  t.is((await change(session.deviceToken)).statusCode, 204);
  expectData(t, await signIn(alice.email, 'a-new-passphrase-of-alice', session.deviceToken));
});

test("a password reset ends the lock of the user's own devices as well as the email's", async (t) => {
  const alice = await given.account(stack);
  const { deviceToken } = await given.login(stack, alice);
  for (let i = 0; i < 3; i++) await signIn(alice.email, `mistyped-${i}-password`, deviceToken);
  await strangerLocks(t, alice.email);
  lockedOut(t, await signIn(alice.email, alice.password, deviceToken), 'the device is locked');
  // A reset token as the mail worker mints it (stored as its hash), then the reset over the API.
  const token = randomBytes(32).toString('base64url');
  await sql(
    `insert into password_reset_tokens (id, user_id, token_hash, expires_at, sent_at) values (?, ?, ?, now() + interval '30 minutes', now())`,
    [uuidv7(), alice.id, createHash('sha256').update(token).digest('hex')],
  );
  const newPassword = 'a-new-passphrase-after-reset';
  t.is((await api.post('/auth/reset-password', { token, newPassword })).statusCode, 204);
  t.deepEqual(await deviceCounts(alice.id), []);
  expectData(t, await signIn(alice.email, newPassword, deviceToken));
  expectData(t, await signIn(alice.email, newPassword));
});
