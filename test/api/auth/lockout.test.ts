import test, { type ExecutionContext } from 'ava';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Consecutive failed sign-ins lock the email for LOCKOUT_MINUTES (LOCKOUT_THRESHOLD=3 in this file), not the account. */
let stack: Stack;
let api: Api;
test.before(async () => {
  stack = await startStack({
    env: {
      LOCKOUT_THRESHOLD: '3',
      LOCKOUT_MINUTES: '15',
      RATE_LIMIT_LOGIN_MAX: '100000',
      RATE_LIMIT_REFRESH_MAX: '100000',
    },
  });
  api = client(stack.app);
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const signIn = (email: string, password: string) => api.post('/auth/login', { email, password });
const refresh = (refreshToken: string) => api.post('/auth/refresh', { refreshToken });
const statusOf = async (id: string) => (await sql(`select status from users where id = ?`, [id]))[0].status as string;
/** The email's count and whether its lock is running. */
const countOf = async (email: string): Promise<any> =>
  (
    await sql(
      `select failures, locked_until, coalesce(locked_until > now(), false) as lock_in_future from sign_in_failures where email = ?`,
      [email.toLowerCase()],
    )
  )[0];
const lockoutsOf = async (id: string) =>
  (await sql(`select count(*)::int as n from audit_entries where subject_id = ? and action = 'auth.lockout'`, [id]))[0]
    .n as number;
/** Moves the end of the email's lock into the past, as if LOCKOUT_MINUTES had gone by. */
const runOut = (email: string) =>
  sql(`update sign_in_failures set locked_until = now() - interval '1 second' where email = ?`, [email.toLowerCase()]);
/** A locked-out email: 429 RATE_LIMITED with Retry-After and the reason, before the password is checked. */
const expectLockedOut = (t: ExecutionContext, res: Awaited<ReturnType<typeof signIn>>) => {
  expectError(t, res, 429, 'RATE_LIMITED', { reason: 'too_many_failed_sign_ins' });
  t.true(Number(res.headers['retry-after']) > 0, 'Retry-After');
};
const wrong = () => `wrong-password-${uuidv7()}`;

/** Three wrong passwords in a row: the threshold of this file. */
async function lockOut(email: string) {
  for (let i = 0; i < 3; i++) {
    const res = await signIn(email, wrong());
    if (res.statusCode !== 401) throw new Error(`a wrong password answered ${res.statusCode}`);
  }
}

test('three consecutive wrong passwords lock the email for LOCKOUT_MINUTES: the correct password then answers 429 RATE_LIMITED, the user stays active', async (t) => {
  const user = await given.account(stack);
  for (let i = 0; i < 2; i++) expectError(t, await signIn(user.email, wrong()), 401, 'INVALID_CREDENTIALS');
  t.false((await countOf(user.email)).lock_in_future, 'not locked below the threshold');
  expectError(t, await signIn(user.email, wrong()), 401, 'INVALID_CREDENTIALS');
  const count = await countOf(user.email);
  t.true(count.lock_in_future);
  const minutes = (new Date(count.locked_until).getTime() - Date.now()) / 60_000;
  t.true(minutes > 14 && minutes <= 15, `locked for LOCKOUT_MINUTES (${minutes.toFixed(2)} min left)`);
  const refused = await signIn(user.email, user.password);
  expectLockedOut(t, refused);
  const seconds = Number(refused.headers['retry-after']);
  t.true(seconds > 14 * 60 && seconds <= 15 * 60, `Retry-After ${seconds}`);
  t.is(await statusOf(user.id), 'active', 'a lockout is not a change to the account');
  t.is(await lockoutsOf(user.id), 1);
});

test('wrong passwords fired in parallel all count: five at once against a threshold of three lock the email once', async (t) => {
  const user = await given.account(stack);
  const responses = await Promise.all(Array.from({ length: 5 }, () => signIn(user.email, wrong())));
  for (const res of responses) expectError(t, res, 401, 'INVALID_CREDENTIALS');
  t.like(await countOf(user.email), { failures: 5, lock_in_future: true });
  t.is(await lockoutsOf(user.id), 1, 'locked exactly once');
  expectLockedOut(t, await signIn(user.email, user.password));
});

test('only consecutive failures count: a successful sign-in starts the count again', async (t) => {
  const user = await given.account(stack);
  for (let i = 0; i < 2; i++) await signIn(user.email, wrong());
  expectData(t, await signIn(user.email, user.password));
  t.is(await countOf(user.email), undefined, 'the count is gone');
  for (let i = 0; i < 2; i++) await signIn(user.email, wrong());
  expectData(t, await signIn(user.email, user.password));
});

test('the lock lifts by itself after LOCKOUT_MINUTES: the correct password then signs in and the count starts again', async (t) => {
  const user = await given.account(stack);
  await lockOut(user.email);
  await runOut(user.email);
  t.is(expectData(t, await signIn(user.email, user.password)).user.status, 'active');
  t.is(await countOf(user.email), undefined);
});

test('after a lock has run out, wrong passwords count afresh and lock the email again', async (t) => {
  const user = await given.account(stack);
  await lockOut(user.email);
  await runOut(user.email);
  // Guessing goes on after the lock ran out: the threshold applies again, it is not a free run.
  await lockOut(user.email);
  t.true((await countOf(user.email)).lock_in_future, 'a new lock of LOCKOUT_MINUTES');
  expectLockedOut(t, await signIn(user.email, user.password));
  t.is(await lockoutsOf(user.id), 2, 'one audit entry per lock');
});

test('one wrong password after a lock has run out does not lock again and the correct one then signs in', async (t) => {
  const user = await given.account(stack);
  await lockOut(user.email);
  await runOut(user.email);
  expectError(t, await signIn(user.email, wrong()), 401, 'INVALID_CREDENTIALS');
  t.is((await countOf(user.email)).failures, 1, 'the count started again');
  expectData(t, await signIn(user.email, user.password));
});

test('a lockout ends no session: the tokens of a session opened before it keep working, refresh included', async (t) => {
  const user = await given.account(stack);
  const pair = await given.login(stack, user);
  await lockOut(user.email);
  expectLockedOut(t, await signIn(user.email, user.password));
  t.is(expectData(t, await api.as(pair.accessToken).get('/auth/me')).status, 'active');
  const after = expectData(t, await refresh(pair.refreshToken));
  expectData(t, await api.as(after.accessToken).get('/auth/me'));
});

test('an account locked until a time now past (status locked) reads as active everywhere: the live token works and the user shows active', async (t) => {
  const user = await given.account(stack);
  const session = await given.login(stack, user);
  await sql(`update users set status = 'locked', locked_until = now() - interval '1 minute' where id = ?`, [user.id]);
  t.is(expectData(t, await api.as(session).get('/auth/me')).status, 'active');
  const boss = await given.login(stack, await given.account(stack, { roles: ['admin'] }));
  const listed = await api.as(boss).get(`/users?status=active&q=${encodeURIComponent(user.email)}`);
  t.deepEqual(
    listed.json().data.map((u: { id: string }) => u.id),
    [user.id],
  );
});

test('an account locked until a time now past signs in with the right password and is active again', async (t) => {
  const user = await given.account(stack);
  await sql(`update users set status = 'locked', locked_until = now() - interval '1 minute' where id = ?`, [user.id]);
  t.is(expectData(t, await signIn(user.email, user.password)).user.status, 'active');
  t.is(await statusOf(user.id), 'active');
});
