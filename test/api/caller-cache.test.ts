import test, { type ExecutionContext } from 'ava';
import { bearer } from '../helpers/client.js';
import { type AccountOptions, given } from '../helpers/given.js';
import { anotherProcess, type Stack, startStack } from '../helpers/stack.js';

/**
 * Each API process reuses a resolved caller while the caller's stamps in Redis are unchanged. Every
 * change that can alter what a caller resolves to must show on the very next request on another
 * process whose cache holds that caller: here the cache of `reader` is always warm when the change
 * is made on `writer`.
 */
const ENV = {
  RATE_LIMIT_LOGIN_MAX: '100000',
  RATE_LIMIT_REFRESH_MAX: '100000',
  RATE_LIMIT_PASSWORD_MAX: '100000',
};
let writer: Stack;
let reader: Stack;
test.before(async () => {
  writer = await startStack({ env: ENV });
  reader = await anotherProcess(writer, ENV);
});
test.after.always(async () => {
  await reader?.close();
  await writer?.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (on: Stack, token: string, url = '/auth/me') => on.app.inject({ method: 'GET', url, headers: auth(token) });
const admin = async () => given.login(writer, await given.account(writer, { roles: ['admin'] }));

/** Signs in twice (two devices) and warms the reader's cache for both. */
async function warm(t: ExecutionContext, opts: AccountOptions = {}) {
  const user = await given.account(writer, opts);
  const first = await given.login(writer, user);
  const second = await given.login(writer, user);
  for (const pair of [first, second]) t.is((await get(reader, pair.accessToken)).statusCode, 200, 'warm');
  return { ...user, first, second };
}

const answers = (
  t: ExecutionContext,
  res: { statusCode: number; json(): { error: { code: string } } },
  status: number,
  code: string,
) => {
  t.is(res.statusCode, status);
  t.is(res.json().error.code, code);
};

test('logout-all on one process ends the cached session on another at once', async (t) => {
  const u = await warm(t);
  t.is(
    (await writer.app.inject({ method: 'POST', url: '/auth/logout-all', headers: auth(u.first.accessToken) }))
      .statusCode,
    204,
  );
  answers(t, await get(reader, u.second.accessToken), 401, 'SESSION_REVOKED');
});

test("revoking another device's session ends it on another process at once", async (t) => {
  const u = await warm(t);
  t.is(
    (
      await writer.app.inject({
        method: 'DELETE',
        url: `/auth/sessions/${u.second.familyId}`,
        headers: auth(u.first.accessToken),
      })
    ).statusCode,
    204,
  );
  answers(t, await get(reader, u.second.accessToken), 401, 'SESSION_REVOKED');
  t.is((await get(reader, u.first.accessToken)).statusCode, 200, 'the device that revoked stays signed in');
});

test('a password change ends the other sessions on another process at once', async (t) => {
  const u = await warm(t);
  const res = await writer.app.inject({
    method: 'POST',
    url: '/auth/change-password',
    headers: auth(u.first.accessToken),
    payload: { currentPassword: u.password, newPassword: 'another-long-password-42' },
  });
  t.is(res.statusCode, 204);
  answers(t, await get(reader, u.second.accessToken), 401, 'SESSION_REVOKED');
});

test('refresh-token reuse ends the family on another process at once', async (t) => {
  const u = await warm(t);
  const rotated = await writer.app.inject({
    method: 'POST',
    url: '/auth/refresh',
    payload: { refreshToken: u.first.refreshToken },
  });
  t.is(rotated.statusCode, 200);
  const next = rotated.json().data.accessToken as string;
  t.is((await get(reader, next)).statusCode, 200, 'warm with the rotated token');
  answers(
    t,
    await writer.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: u.first.refreshToken } }),
    401,
    'INVALID_REFRESH_TOKEN',
  );
  answers(t, await get(reader, next), 401, 'SESSION_REVOKED');
});

test('a role granted or removed on one process applies on another at once', async (t) => {
  const u = await warm(t);
  const boss = await admin();
  const holder = { token: u.first.accessToken };
  t.is((await get(reader, holder.token, '/roles')).statusCode, 403);
  const compliance = '00000000-0000-7000-8000-000000000005';
  t.is(
    (
      await writer.app.inject({
        method: 'POST',
        url: `/users/${u.id}/roles`,
        headers: bearer(boss),
        payload: { roleId: compliance },
      })
    ).statusCode,
    200,
  );
  t.is((await get(reader, holder.token, '/roles')).statusCode, 200, 'granted');
  t.is(
    (await writer.app.inject({ method: 'DELETE', url: `/users/${u.id}/roles/${compliance}`, headers: bearer(boss) }))
      .statusCode,
    200,
  );
  t.is((await get(reader, holder.token, '/roles')).statusCode, 403, 'removed');
});

test("a role's permissions changed on one process apply to every holder on another at once", async (t) => {
  const boss = await admin();
  const created = await writer.app.inject({
    method: 'POST',
    url: '/roles',
    headers: bearer(boss),
    payload: { name: `readers-${Date.now()}`, permissions: ['user:read'] },
  });
  const roleId = created.json().data.id as string;
  const holder = await given.user(writer);
  t.is(
    (
      await writer.app.inject({
        method: 'POST',
        url: `/users/${holder.id}/roles`,
        headers: bearer(boss),
        payload: { roleId },
      })
    ).statusCode,
    200,
  );
  t.is((await get(reader, holder.token, '/permissions')).statusCode, 403, 'warm');
  t.is(
    (
      await writer.app.inject({
        method: 'PUT',
        url: `/roles/${roleId}/permissions`,
        headers: bearer(boss),
        payload: { permissions: ['user:read', 'role:read'] },
      })
    ).statusCode,
    200,
  );
  t.is((await get(reader, holder.token, '/permissions')).statusCode, 200);
});

test('moving a user to another insurer changes their data scope on another process at once', async (t) => {
  const boss = await admin();
  const viewer = await given.user(writer, { permissions: ['user:read'], insurerId: 'ins-a' });
  const colleague = await given.user(writer, { insurerId: 'ins-a' });
  t.is((await get(reader, viewer.token, `/users/${colleague.id}`)).statusCode, 200, 'warm: same insurer');
  t.is(
    (
      await writer.app.inject({
        method: 'PATCH',
        url: `/users/${viewer.id}`,
        headers: bearer(boss),
        payload: { insurerId: 'ins-b' },
      })
    ).statusCode,
    200,
  );
  answers(t, await get(reader, viewer.token, `/users/${colleague.id}`), 404, 'NOT_FOUND');
});

test('activating a suspended user lets a new sign-in work on another process, and suspension ends the cached one', async (t) => {
  const u = await warm(t);
  const boss = await admin();
  t.is(
    (
      await writer.app.inject({
        method: 'POST',
        url: `/users/${u.id}/suspend`,
        headers: bearer(boss),
        payload: { reason: 'check' },
      })
    ).statusCode,
    200,
  );
  answers(t, await get(reader, u.first.accessToken), 401, 'SESSION_REVOKED');
  t.is(
    (await writer.app.inject({ method: 'POST', url: `/users/${u.id}/activate`, headers: bearer(boss) })).statusCode,
    200,
  );
  const again = await given.login(writer, u);
  t.is((await get(reader, again.accessToken)).statusCode, 200);
});
