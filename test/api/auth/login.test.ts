import { createHash } from 'node:crypto';
import argon2 from 'argon2';
import test from 'ava';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given, systemRole } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Sign-in without MFA, what it answers and stores, wrong credentials, secrets kept out of the audit trail. */
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

const COMPLIANCE_ROLE = systemRole('compliance_officer');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  api.post('/auth/login', { email, password }, { headers });
const sessionsOf = async (userId: string) =>
  (await sql(`select count(*)::int as n from auth_sessions where user_id = ?`, [userId]))[0].n as number;
const statusOf = async (userId: string) =>
  (await sql(`select status from users where id = ?`, [userId]))[0].status as string;
const wrong = () => `wrong-password-${uuidv7()}`;
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

// ---- Sign-in without MFA ----

test('signing in without MFA answers 200 with a Bearer token pair valid 900 s, the family, a device token and the user without secrets', async (t) => {
  const user = await given.account(stack);
  const res = await signIn(user.email, user.password);
  const data = expectData(t, res);
  t.deepEqual(Object.keys(data).sort(), [
    'accessToken',
    'deviceToken',
    'expiresIn',
    'familyId',
    'refreshToken',
    'tokenType',
    'user',
  ]);
  t.regex(data.deviceToken, /^[A-Za-z0-9_-]{40,}$/, 'an opaque device token');
  t.like(data, { tokenType: 'Bearer', expiresIn: 900, user: { id: user.id, email: user.email, status: 'active' } });
  t.regex(data.familyId, UUID);
  t.true(typeof data.accessToken === 'string' && data.accessToken.split('.').length === 3);
  t.true(Buffer.from(data.refreshToken, 'base64url').length >= 32, 'refresh token carries at least 256 bits');
  t.regex(res.json().meta.requestId, /.+/);
  for (const key of Object.keys(data.user)) t.false(/password|hash|secret|token/i.test(key), `user field ${key}`);
  t.false(res.body.includes('$argon2'), 'no password hash anywhere in the body');
});

test('the access token carries sub, sid, iat, exp and jti, and lives ACCESS_TOKEN_TTL seconds', async (t) => {
  const user = await given.account(stack);
  const pair = await given.login(stack, user);
  const claims = claimsOf(pair.accessToken);
  t.like(claims, { sub: user.id, sid: pair.familyId });
  t.regex(claims.jti, /.+/);
  t.is(claims.exp - claims.iat, 900);
  t.false('permissions' in claims, 'permissions are resolved server-side, never carried in the token');
});

test('the refresh token is stored only as its hash', async (t) => {
  const pair = await given.login(stack, await given.account(stack));
  const [row] = await sql(`select refresh_hash from auth_sessions where family_id = ?`, [pair.familyId]);
  t.is(row.refresh_hash, createHash('sha256').update(pair.refreshToken).digest('hex'));
  const [leak] = await sql(`select count(*)::int as n from auth_sessions s where s::text like ?`, [
    `%${pair.refreshToken}%`,
  ]);
  t.is(leak.n, 0);
});

test('the access token from sign-in works on GET /auth/me, which returns the roles and the effective permissions', async (t) => {
  const user = await given.account(stack, { roles: [COMPLIANCE_ROLE.id], permissions: ['claim:file', 'role:read'] });
  const data = expectData(t, await api.as(await given.login(stack, user)).get('/auth/me'));
  t.is(data.id, user.id);
  t.true(
    data.roles.some(
      (r: { id: string; name: string }) => r.id === COMPLIANCE_ROLE.id && r.name === 'compliance_officer',
    ),
  );
  t.is(data.roles.length, 2);
  const expected = [...new Set([...COMPLIANCE_ROLE.permissions, 'claim:file', 'role:read'])].sort();
  t.deepEqual([...data.permissions].sort(), expected, 'the union of every role, each permission once');
  for (const key of Object.keys(data)) t.false(/password|hash|secret/i.test(key), `me field ${key}`);
});

test('a successful sign-in records lastLoginAt', async (t) => {
  const pair = await given.login(stack, await given.account(stack));
  t.truthy(pair.user.id);
  t.truthy(expectData(t, await api.as(pair).get('/auth/me')).lastLoginAt);
});

// ---- Wrong credentials ----

test('a wrong password and an unknown email both answer 401 INVALID_CREDENTIALS with the same message', async (t) => {
  const user = await given.account(stack);
  const wrongPassword = expectError(t, await signIn(user.email, wrong()), 401, 'INVALID_CREDENTIALS');
  const unknownEmail = expectError(
    t,
    await signIn(`nobody-${uuidv7()}@example.test`, wrong()),
    401,
    'INVALID_CREDENTIALS',
  );
  t.is(wrongPassword.message, unknownEmail.message);
  t.deepEqual(Object.keys(wrongPassword).sort(), Object.keys(unknownEmail).sort());
  t.is(await sessionsOf(user.id), 0);
});

test.serial('a wrong password and an unknown email each cost exactly one argon2 verification', async (t) => {
  const user = await given.account(stack);
  const lib = argon2 as unknown as { verify: typeof argon2.verify };
  const original = lib.verify;
  let calls = 0;
  lib.verify = ((...args: Parameters<typeof argon2.verify>) => {
    calls++;
    return original.apply(argon2, args);
  }) as typeof argon2.verify;
  try {
    const count = async (email: string) => {
      calls = 0;
      expectError(t, await signIn(email, wrong()), 401, 'INVALID_CREDENTIALS');
      return calls;
    };
    t.is(await count(user.email), 1, 'wrong password: one verification against the real hash');
    t.is(await count(`nobody-${uuidv7()}@example.test`), 1, 'unknown email: one verification against a dummy hash');
  } finally {
    lib.verify = original;
  }
});

test('a user without a password cannot sign in and answers like a wrong password', async (t) => {
  const user = await given.account(stack, { password: null });
  expectError(t, await signIn(user.email, wrong()), 401, 'INVALID_CREDENTIALS');
});

test('the email is matched case-insensitively', async (t) => {
  const user = await given.account(stack);
  t.is(expectData(t, await signIn(user.email.toUpperCase(), user.password)).user.id, user.id);
});

const notActive = test.macro({
  async exec(t, status: 'pending' | 'suspended' | 'archived') {
    const user = await given.account(stack, { status });
    expectError(t, await signIn(user.email, user.password), 403, 'ACCOUNT_NOT_ACTIVE');
    t.is(await sessionsOf(user.id), 0, 'no session is opened');
    t.is(await statusOf(user.id), status, 'the status is unchanged');
  },
  title: (_, status) =>
    `the correct password on ${status === 'archived' ? 'an' : 'a'} ${status} account answers 403 ACCOUNT_NOT_ACTIVE and opens no session`,
});
test(notActive, 'pending');
test(notActive, 'suspended');
test(notActive, 'archived');

test('a wrong password on a suspended account answers 401 INVALID_CREDENTIALS: the status is not told without the password', async (t) => {
  const user = await given.account(stack, { status: 'suspended' });
  expectError(t, await signIn(user.email, wrong()), 401, 'INVALID_CREDENTIALS');
});

// ---- Body validation ----

test('a sign-in without a password answers 400 VALIDATION_ERROR on body.password', async (t) => {
  expectValidation(t, await api.post('/auth/login', { email: 'someone@example.test' }), ['body.password']);
});

test('a malformed email answers 400 VALIDATION_ERROR on body.email', async (t) => {
  expectValidation(t, await signIn('not-an-email', 'whatever-password'), ['body.email']);
});

// ---- Secrets and idempotency ----

test('audit entries of sign-ins, failed sign-ins and refreshes never contain the password or the tokens', async (t) => {
  const password = `unique-secret-${uuidv7()}`;
  const user = await given.account(stack, { password });
  const failedWith = wrong();
  expectError(t, await signIn(user.email, failedWith), 401, 'INVALID_CREDENTIALS');
  const pair = await given.login(stack, user);
  const withDevice = { email: user.email, password: wrong(), deviceToken: pair.deviceToken };
  expectError(t, await api.post('/auth/login', withDevice), 401, 'INVALID_CREDENTIALS');
  const next = expectData(t, await api.post('/auth/refresh', { refreshToken: pair.refreshToken }));
  const [entries] = await sql(
    `select array_agg(action order by commit_seq) as actions from audit_entries where actor = ? or subject_id in (?, ?)`,
    [user.id, user.id, pair.familyId],
  );
  for (const action of ['auth.login_failed', 'auth.login', 'auth.refresh'])
    t.true(entries.actions.includes(action), `audited: ${action}`);
  const secrets = {
    password,
    failedWith,
    refreshToken: pair.refreshToken,
    accessToken: pair.accessToken,
    newRefreshToken: next.refreshToken,
    newAccessToken: next.accessToken,
    deviceToken: pair.deviceToken,
  };
  for (const [name, secret] of Object.entries(secrets)) {
    const [hit] = await sql(`select count(*)::int as n from audit_entries a where a::text like ?`, [`%${secret}%`]);
    t.is(hit.n, 0, `${name} is not in any audit entry`);
  }
});

test('sign-in ignores Idempotency-Key: no response carrying credentials is stored, and a repeat signs in afresh', async (t) => {
  const user = await given.account(stack);
  const key = `k-${uuidv7()}`;
  const first = await signIn(user.email, user.password, { 'idempotency-key': key });
  const second = await signIn(user.email, user.password, { 'idempotency-key': key });
  expectData(t, first);
  expectData(t, second);
  t.is(second.headers['idempotent-replayed'], undefined);
  t.not(second.json().data.familyId, first.json().data.familyId);
  const [stored] = await sql(`select count(*)::int as n from idempotency_records where key = ?`, [key]);
  t.is(stored.n, 0);
});

test('a sign-in for an unknown email is audited as a failed sign-in, without the password', async (t) => {
  const res = await signIn('nobody-at-all@example.test', 'guessing-password-1', { 'x-request-id': 'unknown-email-1' });
  expectError(t, res, 401, 'INVALID_CREDENTIALS');
  const rows = await sql(
    `select actor, subject_id, correlation_id, summary::text as summary from audit_entries where request_id = ?`,
    [res.headers['x-request-id']],
  );
  t.is(rows.length, 1);
  t.is(rows[0].subject_id, null);
  t.is(rows[0].correlation_id, 'unknown-email-1');
  t.regex(rows[0].summary, /unknown_email/);
  t.notRegex(rows[0].summary, /guessing-password-1/);
});
