import { createHash } from 'node:crypto';
import test from 'ava';
import argon2 from 'argon2';
import { createSigner } from 'fast-jwt';
import { ADMIN_ROLE_ID, SYSTEM_ROLES } from '../../shared/domain/access/system-roles.js';
import { uuidv7 } from '../../shared/ids.js';
import { bearer, login, userWithPassword } from '../helpers/identity.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** CONTRACT section 3: sign-in, credentials errors, lockout, token verification, secrets kept out of the audit trail. */
let stack: Stack;
test.before(async () => {
  stack = await startStack({ env: { LOCKOUT_THRESHOLD: '3', LOCKOUT_MINUTES: '15', RATE_LIMIT_LOGIN_MAX: '100000', RATE_LIMIT_REFRESH_MAX: '100000' } });
});
test.after.always(async () => { await stack?.close(); });

const COMPLIANCE_ROLE = SYSTEM_ROLES.find((r) => r.name === 'compliance_officer')!;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sql = (query: string, params: unknown[] = []) => stack.orm.em.fork().execute(query, params);
const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  stack.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, headers });
const refresh = (refreshToken: string) => stack.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
const me = (token: string) => stack.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } });
const userRow = async (id: string) =>
  (await sql(`select status, failed_login_count, locked_until, coalesce(locked_until > now(), false) as lock_in_future from users where id = ?`, [id]))[0];
const sessionsOf = async (userId: string) => (await sql(`select count(*)::int as n from auth_sessions where user_id = ?`, [userId]))[0].n as number;
const wrong = () => `wrong-password-${uuidv7()}`;
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

/** Three wrong passwords in a row: the threshold of this file. */
async function lockOut(email: string) {
  for (let i = 0; i < 3; i++) {
    const res = await signIn(email, wrong());
    if (res.statusCode !== 401) throw new Error(`a wrong password answered ${res.statusCode}`);
  }
}

async function admin() {
  const user = await userWithPassword(stack.orm, { roleIds: [ADMIN_ROLE_ID] });
  return login(stack.app, user.email, user.password);
}

// ---- Sign-in without MFA ----

test('signing in without MFA answers 200 with a Bearer token pair valid 900 s, the family and the user without secrets', async (t) => {
  const user = await userWithPassword(stack.orm);
  const res = await signIn(user.email, user.password);
  t.is(res.statusCode, 200);
  const body = res.json();
  const data = body.data;
  t.deepEqual(Object.keys(data).sort(), ['accessToken', 'expiresIn', 'familyId', 'refreshToken', 'tokenType', 'user']);
  t.is(data.tokenType, 'Bearer');
  t.is(data.expiresIn, 900);
  t.regex(data.familyId, UUID);
  t.true(typeof data.accessToken === 'string' && data.accessToken.split('.').length === 3);
  t.true(Buffer.from(data.refreshToken, 'base64url').length >= 32, 'refresh token carries at least 256 bits');
  t.is(data.user.id, user.id);
  t.is(data.user.email, user.email);
  t.is(data.user.status, 'active');
  t.regex(body.meta.requestId, /.+/);
  for (const key of Object.keys(data.user)) t.false(/password|hash|secret|token/i.test(key), `user field ${key}`);
  t.false(res.body.includes('$argon2'), 'no password hash anywhere in the body');
});

test('the access token carries sub, sid, iat, exp and jti, and lives ACCESS_TOKEN_TTL seconds', async (t) => {
  const user = await userWithPassword(stack.orm);
  const pair = await login(stack.app, user.email, user.password);
  const claims = claimsOf(pair.accessToken);
  t.is(claims.sub, user.id);
  t.is(claims.sid, pair.familyId);
  t.regex(claims.jti, /.+/);
  t.is(claims.exp - claims.iat, 900);
  t.false('permissions' in claims, 'permissions are resolved server-side, never carried in the token');
});

test('the refresh token is stored only as its hash', async (t) => {
  const user = await userWithPassword(stack.orm);
  const pair = await login(stack.app, user.email, user.password);
  const [row] = await sql(`select refresh_hash from auth_sessions where family_id = ?`, [pair.familyId]);
  t.is(row.refresh_hash, createHash('sha256').update(pair.refreshToken).digest('hex'));
  const [leak] = await sql(`select count(*)::int as n from auth_sessions s where s::text like ?`, [`%${pair.refreshToken}%`]);
  t.is(leak.n, 0);
});

test('the access token from sign-in works on GET /auth/me, which returns the roles and the effective permissions', async (t) => {
  const user = await userWithPassword(stack.orm, { roleIds: [COMPLIANCE_ROLE.id], permissions: ['claim:file', 'role:read'] });
  const pair = await login(stack.app, user.email, user.password);
  const res = await me(pair.accessToken);
  t.is(res.statusCode, 200);
  const data = res.json().data;
  t.is(data.id, user.id);
  t.true(data.roles.some((r: { id: string; name: string }) => r.id === COMPLIANCE_ROLE.id && r.name === 'compliance_officer'));
  t.is(data.roles.length, 2);
  const expected = [...new Set([...COMPLIANCE_ROLE.permissions, 'claim:file', 'role:read'])].sort();
  t.deepEqual([...data.permissions].sort(), expected, 'the union of every role, each permission once');
  for (const key of Object.keys(data)) t.false(/password|hash|secret/i.test(key), `me field ${key}`);
});

test('a successful sign-in records lastLoginAt', async (t) => {
  const user = await userWithPassword(stack.orm);
  const pair = await login(stack.app, user.email, user.password);
  t.truthy(pair.user.id);
  const data = (await me(pair.accessToken)).json().data;
  t.truthy(data.lastLoginAt);
});

// ---- Wrong credentials ----

test('a wrong password and an unknown email both answer 401 INVALID_CREDENTIALS with the same message', async (t) => {
  const user = await userWithPassword(stack.orm);
  const wrongPassword = await signIn(user.email, wrong());
  const unknownEmail = await signIn(`nobody-${uuidv7()}@example.test`, wrong());
  t.is(wrongPassword.statusCode, 401);
  t.is(unknownEmail.statusCode, 401);
  t.is(wrongPassword.json().error.code, 'INVALID_CREDENTIALS');
  t.is(unknownEmail.json().error.code, 'INVALID_CREDENTIALS');
  t.is(wrongPassword.json().error.message, unknownEmail.json().error.message);
  t.deepEqual(Object.keys(wrongPassword.json().error).sort(), Object.keys(unknownEmail.json().error).sort());
  t.is(await sessionsOf(user.id), 0);
});

test.serial('a wrong password and an unknown email each cost exactly one argon2 verification', async (t) => {
  const user = await userWithPassword(stack.orm);
  const lib = argon2 as unknown as { verify: typeof argon2.verify };
  const original = lib.verify;
  let calls = 0;
  lib.verify = ((...args: Parameters<typeof argon2.verify>) => { calls++; return original.apply(argon2, args); }) as typeof argon2.verify;
  try {
    const count = async (email: string) => {
      calls = 0;
      const res = await signIn(email, wrong());
      t.is(res.statusCode, 401);
      return calls;
    };
    t.is(await count(user.email), 1, 'wrong password: one verification against the real hash');
    t.is(await count(`nobody-${uuidv7()}@example.test`), 1, 'unknown email: one verification against a dummy hash');
  } finally {
    lib.verify = original;
  }
});

test('a user without a password cannot sign in and answers like a wrong password', async (t) => {
  const id = uuidv7();
  const email = `nopassword-${id}@example.test`;
  await sql(`insert into users (id, email, name, status) values (?, ?, 'No Password', 'active')`, [id, email]);
  const res = await signIn(email, wrong());
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_CREDENTIALS');
});

test('the email is matched case-insensitively', async (t) => {
  const user = await userWithPassword(stack.orm);
  const res = await signIn(user.email.toUpperCase(), user.password);
  t.is(res.statusCode, 200);
  t.is(res.json().data.user.id, user.id);
});

const notActive = test.macro({
  async exec(t, status: string) {
    const user = await userWithPassword(stack.orm, { status });
    const res = await signIn(user.email, user.password);
    t.is(res.statusCode, 403);
    t.is(res.json().error.code, 'ACCOUNT_NOT_ACTIVE');
    t.is(await sessionsOf(user.id), 0, 'no session is opened');
    t.is((await userRow(user.id)).status, status, 'the status is unchanged');
  },
  title: (_, status) => `the correct password on ${status === "archived" ? "an" : "a"} ${status} account answers 403 ACCOUNT_NOT_ACTIVE and opens no session`,
});
test(notActive, 'pending');
test(notActive, 'suspended');
test(notActive, 'archived');

test('a wrong password on a suspended account answers 401 INVALID_CREDENTIALS: the status is not told without the password', async (t) => {
  const user = await userWithPassword(stack.orm, { status: 'suspended' });
  const res = await signIn(user.email, wrong());
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_CREDENTIALS');
});

// ---- Body validation ----

test('a sign-in without a password answers 400 VALIDATION_ERROR on body.password', async (t) => {
  const res = await stack.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'someone@example.test' } });
  t.is(res.statusCode, 400);
  const { error } = res.json();
  t.is(error.code, 'VALIDATION_ERROR');
  t.deepEqual(error.details.map((d: { field: string }) => d.field), ['body.password']);
});

test('a malformed email answers 400 VALIDATION_ERROR on body.email', async (t) => {
  const res = await signIn('not-an-email', 'whatever-password');
  t.is(res.statusCode, 400);
  const { error } = res.json();
  t.is(error.code, 'VALIDATION_ERROR');
  t.deepEqual(error.details.map((d: { field: string }) => d.field), ['body.email']);
});

// ---- Lockout (LOCKOUT_THRESHOLD=3 in this file) ----

test('three consecutive wrong passwords lock the account: the correct password then answers 403 ACCOUNT_NOT_ACTIVE', async (t) => {
  const user = await userWithPassword(stack.orm);
  for (let i = 0; i < 2; i++) t.is((await signIn(user.email, wrong())).statusCode, 401);
  t.is((await userRow(user.id)).status, 'active', 'still active below the threshold');
  t.is((await signIn(user.email, wrong())).statusCode, 401);
  const row = await userRow(user.id);
  t.is(row.status, 'locked');
  t.true(row.lock_in_future);
  const minutes = (new Date(row.locked_until).getTime() - Date.now()) / 60_000;
  t.true(minutes > 14 && minutes <= 15, `locked for LOCKOUT_MINUTES (${minutes.toFixed(2)} min left)`);
  const res = await signIn(user.email, user.password);
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'ACCOUNT_NOT_ACTIVE');
  const [locks] = await sql(`select count(*)::int as n from audit_entries where subject_id = ? and action = 'user.lock'`, [user.id]);
  t.is(locks.n, 1);
});

test('wrong passwords fired in parallel all count: five at once against a threshold of three lock the account', async (t) => {
  const user = await userWithPassword(stack.orm);
  const responses = await Promise.all(Array.from({ length: 5 }, () => signIn(user.email, wrong())));
  for (const res of responses) t.is(res.statusCode, 401);
  const row = await userRow(user.id);
  t.is(row.status, 'locked');
  t.is(row.failed_login_count, 5);
  const [locks] = await sql(`select count(*)::int as n from audit_entries where subject_id = ? and action = 'user.lock'`, [user.id]);
  t.is(locks.n, 1, 'locked exactly once');
  t.is((await signIn(user.email, user.password)).statusCode, 403);
});

test('only consecutive failures count: a successful sign-in starts the count again', async (t) => {
  const user = await userWithPassword(stack.orm);
  for (let i = 0; i < 2; i++) await signIn(user.email, wrong());
  t.is((await signIn(user.email, user.password)).statusCode, 200);
  t.is((await userRow(user.id)).failed_login_count, 0);
  for (let i = 0; i < 2; i++) await signIn(user.email, wrong());
  t.is((await userRow(user.id)).status, 'active');
  t.is((await signIn(user.email, user.password)).statusCode, 200);
});

test('the lock lifts by itself after LOCKOUT_MINUTES: the correct password then signs in and the account is active again', async (t) => {
  const user = await userWithPassword(stack.orm);
  await lockOut(user.email);
  t.is((await userRow(user.id)).status, 'locked');
  await sql(`update users set locked_until = now() - interval '1 second' where id = ?`, [user.id]);
  const res = await signIn(user.email, user.password);
  t.is(res.statusCode, 200);
  t.is(res.json().data.user.status, 'active');
  const row = await userRow(user.id);
  t.is(row.status, 'active');
  t.is(row.failed_login_count, 0);
  t.is(row.locked_until, null);
});

test('after a lock has run out, wrong passwords count afresh and lock the account again', async (t) => {
  const user = await userWithPassword(stack.orm);
  await lockOut(user.email);
  await sql(`update users set locked_until = now() - interval '1 second' where id = ?`, [user.id]);
  // Guessing goes on after the lock ran out: the threshold applies again, it is not a free run.
  await lockOut(user.email);
  const row = await userRow(user.id);
  t.is(row.status, 'locked');
  t.true(row.lock_in_future, 'a new lock of LOCKOUT_MINUTES');
  const res = await signIn(user.email, user.password);
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'ACCOUNT_NOT_ACTIVE');
});

test('one wrong password after a lock has run out does not lock again and the correct one then signs in', async (t) => {
  const user = await userWithPassword(stack.orm);
  await lockOut(user.email);
  await sql(`update users set locked_until = now() - interval '1 second' where id = ?`, [user.id]);
  t.is((await signIn(user.email, wrong())).statusCode, 401);
  t.is((await userRow(user.id)).failed_login_count, 1, 'the count started again');
  t.is((await signIn(user.email, user.password)).statusCode, 200);
});

test('an admin lifts the lock at once with POST /users/{id}/activate', async (t) => {
  const user = await userWithPassword(stack.orm);
  await lockOut(user.email);
  const boss = await admin();
  const res = await stack.app.inject({ method: 'POST', url: `/users/${user.id}/activate`, headers: bearer(boss), payload: {} });
  t.is(res.statusCode, 200);
  t.is(res.json().data.status, 'active');
  const row = await userRow(user.id);
  t.is(row.failed_login_count, 0);
  t.is(row.locked_until, null);
  t.is((await signIn(user.email, user.password)).statusCode, 200);
});

test('a session opened before a lock can be refreshed again once the lock has run out', async (t) => {
  const user = await userWithPassword(stack.orm);
  const pair = await login(stack.app, user.email, user.password);
  await lockOut(user.email);
  const during = await refresh(pair.refreshToken);
  t.is(during.statusCode, 401, 'no refresh while the account is locked');
  t.is(during.json().error.code, 'INVALID_REFRESH_TOKEN');
  await sql(`update users set locked_until = now() - interval '1 second' where id = ?`, [user.id]);
  const after = await refresh(pair.refreshToken);
  t.is(after.statusCode, 200);
  t.is((await userRow(user.id)).status, 'active');
  t.is((await me(after.json().data.accessToken)).statusCode, 200);
});

// ---- Token verification ----

test('an expired access token answers 401 TOKEN_EXPIRED', async (t) => {
  const user = await userWithPassword(stack.orm);
  const pair = await login(stack.app, user.email, user.password);
  // Signed with the service key an hour ago, for 15 minutes: a genuine token, only out of date.
  const signer = createSigner({ key: stack.config.JWT_SECRET as string, algorithm: 'HS256', expiresIn: 900_000, clockTimestamp: Date.now() - 3_600_000 });
  const expired = signer({ sub: user.id, sid: pair.familyId, jti: uuidv7() });
  const res = await me(expired);
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'TOKEN_EXPIRED');
  t.is((await me(pair.accessToken)).statusCode, 200, 'the session itself is fine');
});

test('a token that is not a JWT answers 401 UNAUTHENTICATED', async (t) => {
  const res = await me('garbage.not.ajwt');
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'UNAUTHENTICATED');
});

test('a token signed with another key answers 401 UNAUTHENTICATED', async (t) => {
  const user = await userWithPassword(stack.orm);
  const pair = await login(stack.app, user.email, user.password);
  const forged = createSigner({ key: 'some-other-secret-that-is-long-enough-000000', algorithm: 'HS256', expiresIn: 900_000 })({ sub: user.id, sid: pair.familyId, jti: uuidv7() });
  const res = await me(forged);
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'UNAUTHENTICATED');
});

test('an Authorization header that is not "Bearer <token>" answers 401 UNAUTHENTICATED', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: 'Basic dXNlcjpwYXNz' } });
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'UNAUTHENTICATED');
});

test('a request without a token answers 401 UNAUTHENTICATED', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/auth/me' });
  t.is(res.statusCode, 401);
  const body = res.json();
  t.is(body.error.code, 'UNAUTHENTICATED');
  t.regex(body.meta.requestId, /.+/);
});

// ---- Secrets ----

test('audit entries of sign-ins, failed sign-ins and refreshes never contain the password or the tokens', async (t) => {
  const password = `unique-secret-${uuidv7()}`;
  const user = await userWithPassword(stack.orm, { password });
  const failedWith = wrong();
  t.is((await signIn(user.email, failedWith)).statusCode, 401);
  const pair = await login(stack.app, user.email, password);
  const res = await refresh(pair.refreshToken);
  t.is(res.statusCode, 200);
  const next = res.json().data;
  const [entries] = await sql(
    `select array_agg(action order by commit_seq) as actions from audit_entries where actor = ? or subject_id in (?, ?)`,
    [user.id, user.id, pair.familyId],
  );
  for (const action of ['auth.login_failed', 'auth.login', 'auth.refresh']) t.true(entries.actions.includes(action), `audited: ${action}`);
  const secrets = { password, failedWith, refreshToken: pair.refreshToken, accessToken: pair.accessToken, newRefreshToken: next.refreshToken, newAccessToken: next.accessToken };
  for (const [name, secret] of Object.entries(secrets)) {
    const [hit] = await sql(`select count(*)::int as n from audit_entries a where a::text like ?`, [`%${secret}%`]);
    t.is(hit.n, 0, `${name} is not in any audit entry`);
  }
});

test('sign-in ignores Idempotency-Key: no response carrying credentials is stored, and a repeat signs in afresh', async (t) => {
  const user = await userWithPassword(stack.orm);
  const key = `k-${uuidv7()}`;
  const first = await signIn(user.email, user.password, { 'idempotency-key': key });
  const second = await signIn(user.email, user.password, { 'idempotency-key': key });
  t.is(first.statusCode, 200);
  t.is(second.statusCode, 200);
  t.is(second.headers['idempotent-replayed'], undefined);
  t.not(second.json().data.familyId, first.json().data.familyId);
  const [stored] = await sql(`select count(*)::int as n from idempotency_records where key = ?`, [key]);
  t.is(stored.n, 0);
});

test('a lock that has run out reads as active everywhere: the live token works and the user shows active', async (t) => {
  const user = await userWithPassword(stack.orm);
  const session = await login(stack.app, user.email);
  await stack.orm.em.fork().execute(`update users set status = 'locked', locked_until = now() - interval '1 minute' where id = ?`, [user.id]);
  const me = await stack.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(session) });
  t.is(me.statusCode, 200);
  t.is(me.json().data.status, 'active');
  const admin = await userWithPassword(stack.orm, { roleIds: [ADMIN_ROLE_ID] });
  const adminSession = await login(stack.app, admin.email);
  const listed = await stack.app.inject({ method: 'GET', url: `/users?status=active&q=${encodeURIComponent(user.email)}`, headers: bearer(adminSession) });
  t.deepEqual(listed.json().data.map((u: { id: string }) => u.id), [user.id]);
});

test('a sign-in for an unknown email is audited as a failed sign-in, without the password', async (t) => {
  const res = await stack.app.inject({ method: 'POST', url: '/auth/login', headers: { 'x-request-id': 'unknown-email-1' }, payload: { email: 'nobody-at-all@example.test', password: 'guessing-password-1' } });
  t.is(res.statusCode, 401);
  const rows = await stack.orm.em.fork().execute(`select actor, subject_id, summary::text as summary from audit_entries where request_id = 'unknown-email-1'`);
  t.is(rows.length, 1);
  t.is(rows[0].subject_id, null);
  t.regex(rows[0].summary, /unknown_email/);
  t.notRegex(rows[0].summary, /guessing-password-1/);
});
