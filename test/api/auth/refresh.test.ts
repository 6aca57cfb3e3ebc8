import test, { type ExecutionContext } from 'ava';
import { type Api, client, type Response } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Refresh rotates the pair within its family, a reused refresh token ends the family, expiries slide and cap. */
let stack: Stack;
let api: Api;
test.before(async () => {
  stack = await startStack({ env: { RATE_LIMIT_LOGIN_MAX: '100000', RATE_LIMIT_REFRESH_MAX: '100000' } });
  api = client(stack.app);
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const me = (token: string) => api.as(token).get('/auth/me');
const refresh = (refreshToken: string) => api.post('/auth/refresh', { refreshToken });
const isRevoked = (t: ExecutionContext, res: Response, what: string) =>
  expectError(t, res, 401, 'SESSION_REVOKED', undefined, what);
const isInvalidRefresh = (t: ExecutionContext, res: Response, what: string) =>
  expectError(t, res, 401, 'INVALID_REFRESH_TOKEN', undefined, what);

test('a refresh answers a new token pair for the same family, and the new tokens work', async (t) => {
  const {
    id,
    pairs: [pair],
  } = await given.devices(stack, 1);
  const next = expectData(t, await refresh(pair.refreshToken));
  t.like(next, { tokenType: 'Bearer', expiresIn: 900, familyId: pair.familyId, user: { id } });
  t.not(next.refreshToken, pair.refreshToken);
  t.not(next.accessToken, pair.accessToken);
  expectData(t, await me(next.accessToken));
  expectData(t, await refresh(next.refreshToken), 200, 'the new refresh token works');
});

test('a refresh token works once: presented again after rotation it answers 401 INVALID_REFRESH_TOKEN', async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  expectData(t, await refresh(pair.refreshToken));
  isInvalidRefresh(t, await refresh(pair.refreshToken), 'the rotated token');
});

test('presenting a rotated refresh token revokes the whole family: the newest refresh token and the access tokens stop working', async (t) => {
  const {
    pairs: [pair, otherDevice],
  } = await given.devices(stack, 2);
  const rotated = (await refresh(pair.refreshToken)).json().data;
  isInvalidRefresh(t, await refresh(pair.refreshToken), 'reuse of the rotated token');
  isInvalidRefresh(t, await refresh(rotated.refreshToken), 'the newest refresh token of the family');
  isRevoked(t, await me(rotated.accessToken), 'the newest access token of the family');
  isRevoked(t, await me(pair.accessToken), 'the first access token of the family');
  expectData(t, await me(otherDevice.accessToken), 200, 'another family of the same user is untouched');
  const [entry] = await sql(
    `select count(*)::int as n from audit_entries where action = 'auth.refresh_reuse_detected' and subject_id = ?`,
    [pair.familyId],
  );
  t.is(entry.n, 1);
  const [row] = await sql(`select revoked_reason from auth_sessions where family_id = ?`, [pair.familyId]);
  t.is(row.revoked_reason, 'refresh_token_reuse');
});

test('two refreshes in parallel with the same token: at most one succeeds', async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  const responses = await Promise.all([refresh(pair.refreshToken), refresh(pair.refreshToken)]);
  const succeeded = responses.filter((r) => r.statusCode === 200);
  t.true(succeeded.length <= 1, `${succeeded.length} succeeded`);
  for (const res of responses) if (res.statusCode !== 200) isInvalidRefresh(t, res, 'the losing refresh');
});

test('an unknown refresh token answers 401 INVALID_REFRESH_TOKEN', async (t) => {
  isInvalidRefresh(t, await refresh('A'.repeat(43)), 'unknown token');
});

test('a refresh token past its sliding expiry answers 401 INVALID_REFRESH_TOKEN', async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  await sql(`update auth_sessions set expires_at = now() - interval '1 second' where family_id = ?`, [pair.familyId]);
  isInvalidRefresh(t, await refresh(pair.refreshToken), 'expired refresh token');
});

test('a refresh slides the expiry forward to REFRESH_TOKEN_TTL, never beyond the absolute family lifetime', async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  const [before] = await sql(`select expires_at, absolute_expires_at from auth_sessions where family_id = ?`, [
    pair.familyId,
  ]);
  const days = (new Date(before.expires_at).getTime() - Date.now()) / 86_400_000;
  t.true(days > 29.9 && days <= 30, `a fresh family's refresh token lives 30 days (${days.toFixed(3)})`);
  const absoluteDays = (new Date(before.absolute_expires_at).getTime() - Date.now()) / 86_400_000;
  t.true(absoluteDays > 89.9 && absoluteDays <= 90, `the family lives 90 days at most (${absoluteDays.toFixed(3)})`);
  // Near the end of the family's absolute lifetime a refresh cannot push the expiry past it.
  await sql(
    `update auth_sessions set absolute_expires_at = now() + interval '1 hour', expires_at = now() + interval '10 minutes' where family_id = ?`,
    [pair.familyId],
  );
  expectData(t, await refresh(pair.refreshToken));
  const [after] = await sql(
    `select expires_at = absolute_expires_at as capped from auth_sessions where family_id = ?`,
    [pair.familyId],
  );
  t.true(after.capped);
});

test('a family past its absolute lifetime ends: its refresh token answers 401 and its access token 401 SESSION_REVOKED', async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  await sql(`update auth_sessions set absolute_expires_at = now() - interval '1 second' where family_id = ?`, [
    pair.familyId,
  ]);
  isInvalidRefresh(t, await refresh(pair.refreshToken), 'refresh after the absolute lifetime');
  isRevoked(t, await me(pair.accessToken), 'access token after the absolute lifetime');
});
