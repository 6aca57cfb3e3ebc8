import test, { type ExecutionContext } from 'ava';
import { uuidv7 } from '../../../shared/ids.js';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Consecutive failed sign-ins lock an account for LOCKOUT_MINUTES (LOCKOUT_THRESHOLD=3 in this file). */
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
const userRow = async (id: string) =>
  (
    await sql(
      `select status, failed_login_count, locked_until, coalesce(locked_until > now(), false) as lock_in_future from users where id = ?`,
      [id],
    )
  )[0];
const locksOf = async (id: string) =>
  (await sql(`select count(*)::int as n from audit_entries where subject_id = ? and action = 'user.lock'`, [id]))[0]
    .n as number;
/** Moves the end of a lock into the past, as if LOCKOUT_MINUTES had gone by. */
const runOut = async (id: string) => {
  await sql(`update users set locked_until = now() - interval '1 second' where id = ?`, [id]);
  await sql(
    `update sign_in_failures set locked_until = now() - interval '1 second' where email = (select lower(email) from users where id = ?)`,
    [id],
  );
};
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

test('three consecutive wrong passwords lock the account: the correct password then answers 429 RATE_LIMITED', async (t) => {
  const user = await given.account(stack);
  for (let i = 0; i < 2; i++) expectError(t, await signIn(user.email, wrong()), 401, 'INVALID_CREDENTIALS');
  t.is((await userRow(user.id)).status, 'active', 'still active below the threshold');
  expectError(t, await signIn(user.email, wrong()), 401, 'INVALID_CREDENTIALS');
  const row = await userRow(user.id);
  t.is(row.status, 'locked');
  t.true(row.lock_in_future);
  const minutes = (new Date(row.locked_until).getTime() - Date.now()) / 60_000;
  t.true(minutes > 14 && minutes <= 15, `locked for LOCKOUT_MINUTES (${minutes.toFixed(2)} min left)`);
  expectLockedOut(t, await signIn(user.email, user.password));
  t.is(await locksOf(user.id), 1);
});

test('wrong passwords fired in parallel all count: five at once against a threshold of three lock the account', async (t) => {
  const user = await given.account(stack);
  const responses = await Promise.all(Array.from({ length: 5 }, () => signIn(user.email, wrong())));
  for (const res of responses) expectError(t, res, 401, 'INVALID_CREDENTIALS');
  t.like(await userRow(user.id), { status: 'locked', failed_login_count: 5 });
  t.is(await locksOf(user.id), 1, 'locked exactly once');
  expectLockedOut(t, await signIn(user.email, user.password));
});

test('only consecutive failures count: a successful sign-in starts the count again', async (t) => {
  const user = await given.account(stack);
  for (let i = 0; i < 2; i++) await signIn(user.email, wrong());
  expectData(t, await signIn(user.email, user.password));
  t.is((await userRow(user.id)).failed_login_count, 0);
  for (let i = 0; i < 2; i++) await signIn(user.email, wrong());
  t.is((await userRow(user.id)).status, 'active');
  expectData(t, await signIn(user.email, user.password));
});

test('the lock lifts by itself after LOCKOUT_MINUTES: the correct password then signs in and the account is active again', async (t) => {
  const user = await given.account(stack);
  await lockOut(user.email);
  t.is((await userRow(user.id)).status, 'locked');
  await runOut(user.id);
  t.is(expectData(t, await signIn(user.email, user.password)).user.status, 'active');
  t.like(await userRow(user.id), { status: 'active', failed_login_count: 0, locked_until: null });
});

test('after a lock has run out, wrong passwords count afresh and lock the account again', async (t) => {
  const user = await given.account(stack);
  await lockOut(user.email);
  await runOut(user.id);
  // Guessing goes on after the lock ran out: the threshold applies again, it is not a free run.
  await lockOut(user.email);
  const row = await userRow(user.id);
  t.is(row.status, 'locked');
  t.true(row.lock_in_future, 'a new lock of LOCKOUT_MINUTES');
  expectLockedOut(t, await signIn(user.email, user.password));
});

test('one wrong password after a lock has run out does not lock again and the correct one then signs in', async (t) => {
  const user = await given.account(stack);
  await lockOut(user.email);
  await runOut(user.id);
  expectError(t, await signIn(user.email, wrong()), 401, 'INVALID_CREDENTIALS');
  t.is((await userRow(user.id)).failed_login_count, 1, 'the count started again');
  expectData(t, await signIn(user.email, user.password));
});

test('an admin lifts the lock at once with POST /users/{id}/activate', async (t) => {
  const user = await given.account(stack);
  await lockOut(user.email);
  const boss = await given.login(stack, await given.account(stack, { roles: ['admin'] }));
  t.is(expectData(t, await api.as(boss).post(`/users/${user.id}/activate`, {})).status, 'active');
  t.like(await userRow(user.id), { failed_login_count: 0, locked_until: null });
  expectData(t, await signIn(user.email, user.password));
});

test('a session opened before a lock can be refreshed again once the lock has run out', async (t) => {
  const user = await given.account(stack);
  const pair = await given.login(stack, user);
  await lockOut(user.email);
  expectError(
    t,
    await refresh(pair.refreshToken),
    401,
    'INVALID_REFRESH_TOKEN',
    undefined,
    'no refresh while the account is locked',
  );
  await runOut(user.id);
  const after = expectData(t, await refresh(pair.refreshToken));
  t.is((await userRow(user.id)).status, 'active');
  expectData(t, await api.as(after.accessToken).get('/auth/me'));
});

test('a lock that has run out reads as active everywhere: the live token works and the user shows active', async (t) => {
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
