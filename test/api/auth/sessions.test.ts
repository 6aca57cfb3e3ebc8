import test, { type ExecutionContext } from 'ava';
import type { SessionView } from '../../../shared/domain/identity/index.js';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type Api, client, type Response } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectNoContent, expectValidation, like } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** A user's sessions (one family per device), listing and revoking them, logout and logout-all. */
let stack: Stack;
let api: Api;
test.before(async () => {
  stack = await startStack({ env: { RATE_LIMIT_LOGIN_MAX: '100000', RATE_LIMIT_REFRESH_MAX: '100000' } });
  api = client(stack.app);
});
test.after.always(async () => {
  await stack?.close();
});

const me = (token: string) => api.as(token).get('/auth/me');
const refresh = (refreshToken: string) => api.post('/auth/refresh', { refreshToken });
const sessions = (token: string) => api.as(token).get('/auth/sessions');
const revoke = (token: string, familyId: string) => api.as(token).delete(`/auth/sessions/${familyId}`);
const logout = (token: string, refreshToken: string, headers: Record<string, string> = {}) =>
  api.as(token).post('/auth/logout', { refreshToken }, { headers });
const isRevoked = (t: ExecutionContext, res: Response, what: string) =>
  expectError(t, res, 401, 'SESSION_REVOKED', undefined, what);
const isInvalidRefresh = (t: ExecutionContext, res: Response, what: string) =>
  expectError(t, res, 401, 'INVALID_REFRESH_TOKEN', undefined, what);

// ---- Sessions ----

test("GET /auth/sessions lists the caller's live families and marks the calling one current", async (t) => {
  const { pairs } = await given.devices(stack, 3);
  const stranger = await given.devices(stack, 1);
  expectNoContent(t, await logout(pairs[2].accessToken, pairs[2].refreshToken));
  const list = expectData<SessionView[]>(t, await sessions(pairs[1].accessToken));
  t.deepEqual(
    list.map((s) => s.familyId).sort(),
    [pairs[0].familyId, pairs[1].familyId].sort(),
    'live families of the caller only',
  );
  t.false(list.some((s) => s.familyId === stranger.pairs[0].familyId));
  const current = list.filter((s) => s.current);
  t.is(current.length, 1);
  t.like(current[0], { familyId: pairs[1].familyId, userAgent: 'device-1' });
  for (const s of list) {
    t.deepEqual(Object.keys(s).sort(), [
      'createdAt',
      'current',
      'expiresAt',
      'familyId',
      'ip',
      'lastUsedAt',
      'userAgent',
    ]);
    for (const field of ['createdAt', 'lastUsedAt', 'expiresAt'] as const)
      t.regex(s[field], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    t.truthy(s.ip);
  }
});

test("DELETE /auth/sessions/{familyId} of another own device answers 204 and that device's tokens stop working at once", async (t) => {
  const {
    pairs: [mine, lost],
  } = await given.devices(stack, 2);
  expectData(t, await me(lost.accessToken));
  expectNoContent(t, await revoke(mine.accessToken, lost.familyId));
  isRevoked(t, await me(lost.accessToken), "the revoked device's access token");
  isInvalidRefresh(t, await refresh(lost.refreshToken), "the revoked device's refresh token");
  expectData(t, await me(mine.accessToken), 200, 'the calling device keeps working');
  t.false(
    expectData(t, await sessions(mine.accessToken)).some((s: { familyId: string }) => s.familyId === lost.familyId),
  );
});

test('deleting the current family answers 422 INVALID_TRANSITION and the session keeps working', async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  expectError(t, await revoke(pair.accessToken, pair.familyId), 422, 'INVALID_TRANSITION', like({ action: 'revoke' }));
  expectData(t, await me(pair.accessToken));
});

test('deleting a family of another user answers 404 NOT_FOUND and leaves it live', async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  const victim = await given.devices(stack, 1);
  expectError(t, await revoke(pair.accessToken, victim.pairs[0].familyId), 404, 'NOT_FOUND');
  expectData(t, await me(victim.pairs[0].accessToken));
});

test("deleting a family that does not exist answers 404 NOT_FOUND, like another user's", async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  expectError(t, await revoke(pair.accessToken, uuidv7()), 404, 'NOT_FOUND');
});

test('a familyId that is not a UUID answers 400 VALIDATION_ERROR on params.familyId', async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  expectValidation(t, await revoke(pair.accessToken, 'not-a-uuid'), ['params.familyId']);
});

// ---- Logout ----

test('logout with a refresh token ends that family: its access token answers 401 SESSION_REVOKED and other devices keep working', async (t) => {
  const {
    pairs: [phone, laptop],
  } = await given.devices(stack, 2);
  expectNoContent(t, await logout(phone.accessToken, phone.refreshToken));
  isRevoked(t, await me(phone.accessToken), "the logged-out family's access token");
  isInvalidRefresh(t, await refresh(phone.refreshToken), "the logged-out family's refresh token");
  expectData(t, await me(laptop.accessToken), 200, 'another family keeps working');
  expectData(t, await refresh(laptop.refreshToken));
});

test("logout from one device may end another device's family by its refresh token", async (t) => {
  const {
    pairs: [phone, laptop],
  } = await given.devices(stack, 2);
  expectNoContent(t, await logout(phone.accessToken, laptop.refreshToken));
  isRevoked(t, await me(laptop.accessToken), 'the family of the presented refresh token');
  expectData(t, await me(phone.accessToken));
});

test("logout with someone else's refresh token answers 401 INVALID_REFRESH_TOKEN and ends nothing", async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  const victim = await given.devices(stack, 1);
  isInvalidRefresh(t, await logout(pair.accessToken, victim.pairs[0].refreshToken), 'a refresh token of another user');
  expectData(t, await me(victim.pairs[0].accessToken));
  expectData(t, await me(pair.accessToken));
});

test('a failed logout is not stored under its Idempotency-Key: the retry answers the same 401, not a replayed 204', async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  const key = `k-${uuidv7()}`;
  const bogus = 'B'.repeat(43);
  isInvalidRefresh(t, await logout(pair.accessToken, bogus, { 'idempotency-key': key }), 'the first attempt');
  const again = await logout(pair.accessToken, bogus, { 'idempotency-key': key });
  isInvalidRefresh(t, again, 'the retry');
  t.is(again.headers['idempotent-replayed'], undefined);
  const [stored] = await sqlOn(stack)(`select count(*)::int as n from idempotency_records where key = ?`, [key]);
  t.is(stored.n, 0);
});

test('logout-all answers 204 and ends every family of the caller, the current one included', async (t) => {
  const { pairs } = await given.devices(stack, 3);
  const bystander = await given.devices(stack, 1);
  expectNoContent(t, await api.as(pairs[0]).post('/auth/logout-all'));
  for (const [i, pair] of pairs.entries()) {
    isRevoked(t, await me(pair.accessToken), `access token of device ${i}`);
    isInvalidRefresh(t, await refresh(pair.refreshToken), `refresh token of device ${i}`);
  }
  expectData(t, await me(bystander.pairs[0].accessToken), 200, 'another user is untouched');
});
