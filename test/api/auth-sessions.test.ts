import test from 'ava';
import { ADMIN_ROLE_ID, SYSTEM_ROLES } from '../../shared/domain/access/system-roles.js';
import { uuidv7 } from '../../shared/ids.js';
import { bearer, login, userWithPassword } from '../helpers/identity.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** CONTRACT section 3: refresh rotation and reuse detection, sessions, logout, immediate revocation, live permissions. */
const RATE_ENV = { RATE_LIMIT_LOGIN_MAX: '100000', RATE_LIMIT_REFRESH_MAX: '100000' };
let stack: Stack;
/** A second API process on the same PostgreSQL database and Redis prefix. */
let other: Stack;
test.before(async () => {
  stack = await startStack({ env: RATE_ENV });
  other = await startStack({ database: stack.database, env: { ...RATE_ENV, REDIS_PREFIX: stack.config.REDIS_PREFIX } });
});
test.after.always(async () => {
  await other?.close();
  await stack?.close();
});

const COMPLIANCE_ROLE = SYSTEM_ROLES.find((r) => r.name === 'compliance_officer')!;
type Pair = Awaited<ReturnType<typeof login>>;

const sql = (query: string, params: unknown[] = []) => stack.orm.em.fork().execute(query, params);
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string, on: Stack = stack) => on.app.inject({ method: 'GET', url: '/auth/me', headers: auth(token) });
const refresh = (refreshToken: string) => stack.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
const sessions = (token: string) => stack.app.inject({ method: 'GET', url: '/auth/sessions', headers: auth(token) });
const revoke = (token: string, familyId: string) => stack.app.inject({ method: 'DELETE', url: `/auth/sessions/${familyId}`, headers: auth(token) });
const logout = (token: string, refreshToken: string, headers: Record<string, string> = {}) =>
  stack.app.inject({ method: 'POST', url: '/auth/logout', headers: { ...auth(token), ...headers }, payload: { refreshToken } });

/** A user with a real password, signed in on `devices` devices (one family each). */
async function signedIn(devices = 1, opts: Parameters<typeof userWithPassword>[1] = {}) {
  const user = await userWithPassword(stack.orm, opts);
  const pairs: Pair[] = [];
  for (let i = 0; i < devices; i++) {
    const res = await stack.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password }, headers: { 'user-agent': `device-${i}` } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    const data = res.json().data;
    pairs.push({ ...data, token: data.accessToken });
  }
  return { ...user, pairs };
}

async function admin() {
  const user = await userWithPassword(stack.orm, { roleIds: [ADMIN_ROLE_ID] });
  return login(stack.app, user.email, user.password);
}

function isRevoked(t: import('ava').ExecutionContext, res: { statusCode: number; json(): { error: { code: string } } }, what: string) {
  t.is(res.statusCode, 401, what);
  t.is(res.json().error.code, 'SESSION_REVOKED', what);
}

function isInvalidRefresh(t: import('ava').ExecutionContext, res: { statusCode: number; json(): { error: { code: string } } }, what: string) {
  t.is(res.statusCode, 401, what);
  t.is(res.json().error.code, 'INVALID_REFRESH_TOKEN', what);
}

// ---- Refresh ----

test('a refresh answers a new token pair for the same family, and the new tokens work', async (t) => {
  const { id, pairs: [pair] } = await signedIn();
  const res = await refresh(pair.refreshToken);
  t.is(res.statusCode, 200);
  const next = res.json().data;
  t.is(next.tokenType, 'Bearer');
  t.is(next.expiresIn, 900);
  t.is(next.familyId, pair.familyId);
  t.is(next.user.id, id);
  t.not(next.refreshToken, pair.refreshToken);
  t.not(next.accessToken, pair.accessToken);
  t.is((await me(next.accessToken)).statusCode, 200);
  t.is((await refresh(next.refreshToken)).statusCode, 200, 'the new refresh token works');
});

test('a refresh token works once: presented again after rotation it answers 401 INVALID_REFRESH_TOKEN', async (t) => {
  const { pairs: [pair] } = await signedIn();
  t.is((await refresh(pair.refreshToken)).statusCode, 200);
  isInvalidRefresh(t, await refresh(pair.refreshToken), 'the rotated token');
});

test('presenting a rotated refresh token revokes the whole family: the newest refresh token and the access tokens stop working', async (t) => {
  const { pairs: [pair, otherDevice] } = await signedIn(2);
  const rotated = (await refresh(pair.refreshToken)).json().data;
  isInvalidRefresh(t, await refresh(pair.refreshToken), 'reuse of the rotated token');
  isInvalidRefresh(t, await refresh(rotated.refreshToken), 'the newest refresh token of the family');
  isRevoked(t, await me(rotated.accessToken), 'the newest access token of the family');
  isRevoked(t, await me(pair.accessToken), 'the first access token of the family');
  t.is((await me(otherDevice.accessToken)).statusCode, 200, 'another family of the same user is untouched');
  const [entry] = await sql(`select count(*)::int as n from audit_entries where action = 'auth.refresh_reuse_detected' and subject_id = ?`, [pair.familyId]);
  t.is(entry.n, 1);
  const [row] = await sql(`select revoked_reason from auth_sessions where family_id = ?`, [pair.familyId]);
  t.is(row.revoked_reason, 'refresh_token_reuse');
});

test('two refreshes in parallel with the same token: at most one succeeds', async (t) => {
  const { pairs: [pair] } = await signedIn();
  const responses = await Promise.all([refresh(pair.refreshToken), refresh(pair.refreshToken)]);
  const succeeded = responses.filter((r) => r.statusCode === 200);
  t.true(succeeded.length <= 1, `${succeeded.length} succeeded`);
  for (const res of responses) if (res.statusCode !== 200) isInvalidRefresh(t, res, 'the losing refresh');
});

test('an unknown refresh token answers 401 INVALID_REFRESH_TOKEN', async (t) => {
  isInvalidRefresh(t, await refresh('A'.repeat(43)), 'unknown token');
});

test('a refresh token past its sliding expiry answers 401 INVALID_REFRESH_TOKEN', async (t) => {
  const { pairs: [pair] } = await signedIn();
  await sql(`update auth_sessions set expires_at = now() - interval '1 second' where family_id = ?`, [pair.familyId]);
  isInvalidRefresh(t, await refresh(pair.refreshToken), 'expired refresh token');
});

test('a refresh slides the expiry forward to REFRESH_TOKEN_TTL, never beyond the absolute family lifetime', async (t) => {
  const { pairs: [pair] } = await signedIn();
  const [before] = await sql(`select expires_at, absolute_expires_at from auth_sessions where family_id = ?`, [pair.familyId]);
  const days = (new Date(before.expires_at).getTime() - Date.now()) / 86_400_000;
  t.true(days > 29.9 && days <= 30, `a fresh family's refresh token lives 30 days (${days.toFixed(3)})`);
  const absoluteDays = (new Date(before.absolute_expires_at).getTime() - Date.now()) / 86_400_000;
  t.true(absoluteDays > 89.9 && absoluteDays <= 90, `the family lives 90 days at most (${absoluteDays.toFixed(3)})`);
  // Near the end of the family's absolute lifetime a refresh cannot push the expiry past it.
  await sql(`update auth_sessions set absolute_expires_at = now() + interval '1 hour', expires_at = now() + interval '10 minutes' where family_id = ?`, [pair.familyId]);
  const res = await refresh(pair.refreshToken);
  t.is(res.statusCode, 200);
  const [after] = await sql(`select expires_at = absolute_expires_at as capped from auth_sessions where family_id = ?`, [pair.familyId]);
  t.true(after.capped);
});

test('a family past its absolute lifetime ends: its refresh token answers 401 and its access token 401 SESSION_REVOKED', async (t) => {
  const { pairs: [pair] } = await signedIn();
  await sql(`update auth_sessions set absolute_expires_at = now() - interval '1 second' where family_id = ?`, [pair.familyId]);
  isInvalidRefresh(t, await refresh(pair.refreshToken), 'refresh after the absolute lifetime');
  isRevoked(t, await me(pair.accessToken), 'access token after the absolute lifetime');
});

// ---- Sessions ----

test('GET /auth/sessions lists the caller\'s live families and marks the calling one current', async (t) => {
  const { pairs } = await signedIn(3);
  const stranger = await signedIn();
  t.is((await logout(pairs[2].accessToken, pairs[2].refreshToken)).statusCode, 204);
  const res = await sessions(pairs[1].accessToken);
  t.is(res.statusCode, 200);
  const list = res.json().data as { familyId: string; current: boolean; createdAt: string; lastUsedAt: string; expiresAt: string; userAgent: string | null; ip: string | null }[];
  t.deepEqual(list.map((s) => s.familyId).sort(), [pairs[0].familyId, pairs[1].familyId].sort(), 'live families of the caller only');
  t.false(list.some((s) => s.familyId === stranger.pairs[0].familyId));
  const current = list.filter((s) => s.current);
  t.is(current.length, 1);
  t.is(current[0].familyId, pairs[1].familyId);
  t.is(current[0].userAgent, 'device-1');
  for (const s of list) {
    t.deepEqual(Object.keys(s).sort(), ['createdAt', 'current', 'expiresAt', 'familyId', 'ip', 'lastUsedAt', 'userAgent']);
    for (const field of ['createdAt', 'lastUsedAt', 'expiresAt'] as const) t.regex(s[field], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    t.truthy(s.ip);
  }
});

test('DELETE /auth/sessions/{familyId} of another own device answers 204 and that device\'s tokens stop working at once', async (t) => {
  const { pairs: [mine, lost] } = await signedIn(2);
  t.is((await me(lost.accessToken)).statusCode, 200);
  const res = await revoke(mine.accessToken, lost.familyId);
  t.is(res.statusCode, 204);
  t.is(res.body, '');
  isRevoked(t, await me(lost.accessToken), 'the revoked device\'s access token');
  isInvalidRefresh(t, await refresh(lost.refreshToken), 'the revoked device\'s refresh token');
  t.is((await me(mine.accessToken)).statusCode, 200, 'the calling device keeps working');
  t.false((await sessions(mine.accessToken)).json().data.some((s: { familyId: string }) => s.familyId === lost.familyId));
});

test('deleting the current family answers 422 INVALID_TRANSITION and the session keeps working', async (t) => {
  const { pairs: [pair] } = await signedIn();
  const res = await revoke(pair.accessToken, pair.familyId);
  t.is(res.statusCode, 422);
  const { error } = res.json();
  t.is(error.code, 'INVALID_TRANSITION');
  t.is(error.details.action, 'revoke');
  t.is((await me(pair.accessToken)).statusCode, 200);
});

test('deleting a family of another user answers 404 NOT_FOUND and leaves it live', async (t) => {
  const { pairs: [pair] } = await signedIn();
  const victim = await signedIn();
  const res = await revoke(pair.accessToken, victim.pairs[0].familyId);
  t.is(res.statusCode, 404);
  t.is(res.json().error.code, 'NOT_FOUND');
  t.is((await me(victim.pairs[0].accessToken)).statusCode, 200);
});

test('deleting a family that does not exist answers 404 NOT_FOUND, like another user\'s', async (t) => {
  const { pairs: [pair] } = await signedIn();
  const res = await revoke(pair.accessToken, uuidv7());
  t.is(res.statusCode, 404);
  t.is(res.json().error.code, 'NOT_FOUND');
});

test('a familyId that is not a UUID answers 400 VALIDATION_ERROR on params.familyId', async (t) => {
  const { pairs: [pair] } = await signedIn();
  const res = await revoke(pair.accessToken, 'not-a-uuid');
  t.is(res.statusCode, 400);
  const { error } = res.json();
  t.is(error.code, 'VALIDATION_ERROR');
  t.deepEqual(error.details.map((d: { field: string }) => d.field), ['params.familyId']);
});

// ---- Logout ----

test('logout with a refresh token ends that family: its access token answers 401 SESSION_REVOKED and other devices keep working', async (t) => {
  const { pairs: [phone, laptop] } = await signedIn(2);
  const res = await logout(phone.accessToken, phone.refreshToken);
  t.is(res.statusCode, 204);
  t.is(res.body, '');
  isRevoked(t, await me(phone.accessToken), 'the logged-out family\'s access token');
  isInvalidRefresh(t, await refresh(phone.refreshToken), 'the logged-out family\'s refresh token');
  t.is((await me(laptop.accessToken)).statusCode, 200, 'another family keeps working');
  t.is((await refresh(laptop.refreshToken)).statusCode, 200);
});

test('logout from one device may end another device\'s family by its refresh token', async (t) => {
  const { pairs: [phone, laptop] } = await signedIn(2);
  t.is((await logout(phone.accessToken, laptop.refreshToken)).statusCode, 204);
  isRevoked(t, await me(laptop.accessToken), 'the family of the presented refresh token');
  t.is((await me(phone.accessToken)).statusCode, 200);
});

test('logout with someone else\'s refresh token answers 401 INVALID_REFRESH_TOKEN and ends nothing', async (t) => {
  const { pairs: [pair] } = await signedIn();
  const victim = await signedIn();
  const res = await logout(pair.accessToken, victim.pairs[0].refreshToken);
  isInvalidRefresh(t, res, 'a refresh token of another user');
  t.is((await me(victim.pairs[0].accessToken)).statusCode, 200);
  t.is((await me(pair.accessToken)).statusCode, 200);
});

test('a failed logout is not stored under its Idempotency-Key: the retry answers the same 401, not a replayed 204', async (t) => {
  const { pairs: [pair] } = await signedIn();
  const key = `k-${uuidv7()}`;
  const bogus = 'B'.repeat(43);
  const first = await logout(pair.accessToken, bogus, { 'idempotency-key': key });
  isInvalidRefresh(t, first, 'the first attempt');
  const again = await logout(pair.accessToken, bogus, { 'idempotency-key': key });
  isInvalidRefresh(t, again, 'the retry');
  t.is(again.headers['idempotent-replayed'], undefined);
  const [stored] = await sql(`select count(*)::int as n from idempotency_records where key = ?`, [key]);
  t.is(stored.n, 0);
});

test('logout-all answers 204 and ends every family of the caller, the current one included', async (t) => {
  const { pairs } = await signedIn(3);
  const bystander = await signedIn();
  const res = await stack.app.inject({ method: 'POST', url: '/auth/logout-all', headers: auth(pairs[0].accessToken) });
  t.is(res.statusCode, 204);
  for (const [i, pair] of pairs.entries()) {
    isRevoked(t, await me(pair.accessToken), `access token of device ${i}`);
    isInvalidRefresh(t, await refresh(pair.refreshToken), `refresh token of device ${i}`);
  }
  t.is((await me(bystander.pairs[0].accessToken)).statusCode, 200, 'another user is untouched');
});

// ---- Revocation everywhere, at once ----

test('a token issued by one API process works on another, and a logout on the first revokes it on the second at once', async (t) => {
  const { pairs: [pair] } = await signedIn();
  t.is((await me(pair.accessToken, other)).statusCode, 200);
  t.is((await logout(pair.accessToken, pair.refreshToken)).statusCode, 204);
  isRevoked(t, await me(pair.accessToken, other), 'on the other process');
});

test('suspending a user on one API process revokes their token on another at once', async (t) => {
  const { id, pairs: [pair] } = await signedIn();
  t.is((await me(pair.accessToken, other)).statusCode, 200);
  const boss = await admin();
  const res = await stack.app.inject({ method: 'POST', url: `/users/${id}/suspend`, headers: bearer(boss), payload: { reason: 'investigation' } });
  t.is(res.statusCode, 200);
  t.is(res.json().data.status, 'suspended');
  isRevoked(t, await me(pair.accessToken, other), 'on the other process');
});

test('a suspended user\'s live tokens answer 401 SESSION_REVOKED on their next request, on every device', async (t) => {
  const { id, pairs } = await signedIn(2);
  const boss = await admin();
  t.is((await stack.app.inject({ method: 'POST', url: `/users/${id}/suspend`, headers: bearer(boss), payload: { reason: 'fraud' } })).statusCode, 200);
  for (const [i, pair] of pairs.entries()) {
    isRevoked(t, await me(pair.accessToken), `device ${i}`);
    isInvalidRefresh(t, await refresh(pair.refreshToken), `refresh of device ${i}`);
  }
});

test('an archived user\'s live token answers 401 SESSION_REVOKED on its next request', async (t) => {
  const { id, pairs: [pair] } = await signedIn();
  const boss = await admin();
  t.is((await stack.app.inject({ method: 'POST', url: `/users/${id}/archive`, headers: bearer(boss), payload: {} })).statusCode, 200);
  isRevoked(t, await me(pair.accessToken), 'after archiving');
});

// ---- Permissions come from the database on every request ----

test('a role granted to a signed-in user applies to the very next request with the same access token', async (t) => {
  const { id, pairs: [pair] } = await signedIn();
  const before = await stack.app.inject({ method: 'GET', url: '/roles', headers: auth(pair.accessToken) });
  t.is(before.statusCode, 403);
  t.is(before.json().error.code, 'FORBIDDEN');
  t.deepEqual(before.json().error.details.missingPermissions, ['role:read']);
  const boss = await admin();
  const grant = await stack.app.inject({ method: 'POST', url: `/users/${id}/roles`, headers: bearer(boss), payload: { roleId: COMPLIANCE_ROLE.id } });
  t.is(grant.statusCode, 200);
  const after = await stack.app.inject({ method: 'GET', url: '/roles', headers: auth(pair.accessToken) });
  t.is(after.statusCode, 200);
});

test('a role removed from a signed-in user applies to the very next request with the same access token', async (t) => {
  const { id, pairs: [pair] } = await signedIn(1, { roleIds: [COMPLIANCE_ROLE.id] });
  t.is((await stack.app.inject({ method: 'GET', url: '/roles', headers: auth(pair.accessToken) })).statusCode, 200);
  const boss = await admin();
  const removal = await stack.app.inject({ method: 'DELETE', url: `/users/${id}/roles/${COMPLIANCE_ROLE.id}`, headers: bearer(boss) });
  t.is(removal.statusCode, 200);
  const after = await stack.app.inject({ method: 'GET', url: '/roles', headers: auth(pair.accessToken) });
  t.is(after.statusCode, 403);
  t.is(after.json().error.code, 'FORBIDDEN');
});

test('permissions written into a token are ignored: only the roles in the database count', async (t) => {
  const { id, pairs: [pair] } = await signedIn();
  const forged = stack.app.jwt.sign({ sub: id, sid: pair.familyId, jti: uuidv7(), permissions: ['role:read'] } as never);
  const res = await stack.app.inject({ method: 'GET', url: '/roles', headers: auth(forged) });
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'FORBIDDEN');
});
