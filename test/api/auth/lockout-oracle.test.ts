import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import { type Api, client, type Response } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectError } from '../../helpers/expect.js';
import { given, PASSWORD } from '../../helpers/given.js';
import { challenge, codeAt, withMfa, wrongCode } from '../../helpers/mfa.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/**
 * Lockout without an oracle (LOCKOUT_THRESHOLD=3 here): failures without a device token count per
 * normalised email, a user's or not; wrong MFA codes and wrong current passwords count too; a locked
 * email answers 429 to every attempt without a device token of its user, before the password is
 * checked, alike for emails nobody has.
 */
let stack: Stack;
let api: Api;
test.before(async () => {
  stack = await startStack({
    env: {
      LOCKOUT_THRESHOLD: '3',
      LOCKOUT_MINUTES: '15',
      RATE_LIMIT_LOGIN_MAX: '100000',
      RATE_LIMIT_MFA_MAX: '100000',
    },
  });
  api = client(stack.app);
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const signIn = (email: string, password: string) => api.post('/auth/login', { email, password });
const lockedOut = (t: ExecutionContext, res: Response, label?: string) => {
  expectError(t, res, 429, 'RATE_LIMITED', { reason: 'too_many_failed_sign_ins' }, label);
  const seconds = Number(res.headers['retry-after']);
  t.true(seconds > 14 * 60 && seconds <= 15 * 60, `${label ?? ''} Retry-After ${seconds}`);
};
/** What of an answer can differ between two requests that should look alike: nothing but the request id. */
const shape = (res: Response) => ({
  status: res.statusCode,
  body: { ...res.json(), meta: { ...res.json().meta, requestId: 'x' } },
  headers: Object.keys(res.headers)
    .filter((h) => !['x-request-id', 'date', 'retry-after', 'ratelimit-reset', 'ratelimit-remaining'].includes(h))
    .sort(),
});

test("an email nobody has locks out exactly like a user's: same status, code, details, headers and Retry-After", async (t) => {
  const user = await given.account(stack);
  const nobody = `Nobody-${Date.now()}@Example.test`;
  for (let i = 0; i < 3; i++) {
    expectError(t, await signIn(user.email, `wrong-${i}-password`), 401, 'INVALID_CREDENTIALS');
    expectError(t, await signIn(nobody, `wrong-${i}-password`), 401, 'INVALID_CREDENTIALS');
  }
  const known = await signIn(user.email, PASSWORD); // the right password
  const unknown = await signIn(nobody.toUpperCase(), PASSWORD); // the same email, another case
  lockedOut(t, known, 'known');
  lockedOut(t, unknown, 'unknown');
  t.deepEqual(shape(known), shape(unknown));
  // The lockout is the email's, not the account's: the user stays active.
  const [row] = await sql(`select status from users where id = ?`, [user.id]);
  t.is(row.status, 'active');
});

test("an email nobody has answers alike with someone's device token: it counts and locks as the email's", async (t) => {
  const someone = await given.login(stack, await given.account(stack));
  const user = await given.account(stack);
  const nobody = `nobody-${Date.now()}@example.test`;
  const withToken = (email: string, password: string) =>
    api.post('/auth/login', { email, password, deviceToken: someone.deviceToken });
  for (let i = 0; i < 3; i++) {
    expectError(t, await withToken(user.email, `wrong-${i}-password`), 401, 'INVALID_CREDENTIALS');
    expectError(t, await withToken(nobody, `wrong-${i}-password`), 401, 'INVALID_CREDENTIALS');
  }
  const known = await withToken(user.email, PASSWORD);
  const unknown = await withToken(nobody, PASSWORD);
  lockedOut(t, known, 'known');
  lockedOut(t, unknown, 'unknown');
  t.deepEqual(shape(known), shape(unknown));
});

test('wrong MFA codes count: new challenges give no new tries, and a locked email cannot complete one', async (t) => {
  const user = await withMfa(stack);
  // Two challenges, so the per-challenge limit of five is not what stops the guessing.
  const first = await challenge(stack, user);
  for (let i = 0; i < 2; i++)
    expectError(
      t,
      await api.post('/auth/login', { mfaToken: first, code: wrongCode(user.secret) }),
      401,
      'INVALID_MFA_CODE',
    );
  const second = await challenge(stack, user);
  expectError(
    t,
    await api.post('/auth/login', { mfaToken: second, code: wrongCode(user.secret) }),
    401,
    'INVALID_MFA_CODE',
  );
  // Three failures: the email is locked. Even the right code on a live challenge answers 429, and so does the password step.
  lockedOut(t, await api.post('/auth/login', { mfaToken: second, code: codeAt(user.secret, 1) }), 'code step');
  lockedOut(t, await signIn(user.email, user.password), 'password step');
});

test('wrong current passwords at change-password count, so a stolen token cannot guess the password', async (t) => {
  const user = await given.user(stack);
  const change = (currentPassword: string) =>
    api.as(user).post('/auth/change-password', { currentPassword, newPassword: 'a-new-passphrase-of-mine' });
  for (let i = 0; i < 3; i++) {
    const res = await change(`guess-number-${i}`);
    t.is(res.statusCode, 401, `${i}: ${res.body}`);
  }
  lockedOut(t, await signIn(user.email, PASSWORD));
  // The thief's stolen token still works: a lockout ends no session (suspension does that).
  t.is((await api.as(user).get('/auth/me')).statusCode, 200);
});

test('the right current password at change-password starts the count again', async (t) => {
  const user = await given.user(stack);
  const newPassword = 'a-new-passphrase-of-mine';
  for (let i = 0; i < 2; i++) {
    const res = await api.as(user).post('/auth/change-password', { currentPassword: `guess-${i}`, newPassword });
    t.is(res.statusCode, 401, `${i}: ${res.body}`);
  }
  t.is((await api.as(user).post('/auth/change-password', { currentPassword: PASSWORD, newPassword })).statusCode, 204);
  t.deepEqual(await sql(`select * from sign_in_failures where email = ?`, [user.email.toLowerCase()]), []);
  // Two more failures stay under the threshold of three: the new password still signs in.
  for (let i = 0; i < 2; i++)
    expectError(t, await signIn(user.email, `wrong-${i}-password`), 401, 'INVALID_CREDENTIALS');
  t.is((await signIn(user.email, newPassword)).statusCode, 200);
});

test('a locked email is answered before the password is checked: the right and a wrong password get the same 429', async (t) => {
  const user = await given.account(stack);
  for (let i = 0; i < 3; i++) await signIn(user.email, `wrong-${i}-password`);
  const right = await signIn(user.email, PASSWORD);
  const wrong = await signIn(user.email, 'yet-another-wrong-one');
  t.deepEqual(shape(right), shape(wrong));
  // Attempts while locked do not extend the lock or count.
  const [row] = await sql(`select failures from sign_in_failures where email = ?`, [user.email.toLowerCase()]);
  t.is(row.failures, 3);
});

test('a success starts the count again; a lock that has run out lets the right password in', async (t) => {
  const user = await given.account(stack);
  for (let i = 0; i < 2; i++) await signIn(user.email, `wrong-${i}-password`);
  t.is((await signIn(user.email, PASSWORD)).statusCode, 200);
  t.deepEqual(await sql(`select * from sign_in_failures where email = ?`, [user.email.toLowerCase()]), []);
  for (let i = 0; i < 3; i++) await signIn(user.email, `wrong-${i}-password`);
  lockedOut(t, await signIn(user.email, PASSWORD));
  await sql(`update sign_in_failures set locked_until = now() - interval '1 second' where email = ?`, [
    user.email.toLowerCase(),
  ]);
  await sql(`update users set locked_until = now() - interval '1 second' where id = ?`, [user.id]);
  t.is((await signIn(user.email, PASSWORD)).statusCode, 200);
});

test.serial(
  "a wrong password does not wait for its user's row: counting touches the email's count only, never the account",
  async (t) => {
    const user = await given.account(stack);
    // What a reset or an administrator's change holds while it works: the user's row.
    const other = new pg.Client({ connectionString: stack.config.DATABASE_URL });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select 1 from users where id = $1 for update`, [user.id]);
      const attempt = signIn(user.email, 'wrong-first-password');
      const answered = await Promise.race([
        attempt.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]);
      t.true(answered, 'answered while the user row is held');
      expectError(t, await attempt, 401, 'INVALID_CREDENTIALS');
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }
    const [row] = await sql(`select failures from sign_in_failures where email = ?`, [user.email.toLowerCase()]);
    t.is(row.failures, 1);
  },
);
