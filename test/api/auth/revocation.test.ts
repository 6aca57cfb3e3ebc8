import test, { type ExecutionContext } from 'ava';
import { type Api, client, type Response } from '../../helpers/client.js';
import { expectData, expectError, expectNoContent } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { anotherProcess, type Stack, startStack } from '../../helpers/stack.js';

/** A revoked session, suspended or archived user is refused on the very next request, on every API process. */
const RATE_ENV = { RATE_LIMIT_LOGIN_MAX: '100000', RATE_LIMIT_REFRESH_MAX: '100000' };
let stack: Stack;
/** A second API process on the same PostgreSQL database and Redis prefix. */
let other: Stack;
let api: Api;
let otherApi: Api;
test.before(async () => {
  stack = await startStack({ env: RATE_ENV });
  other = await anotherProcess(stack, RATE_ENV);
  api = client(stack.app);
  otherApi = client(other.app);
});
test.after.always(async () => {
  await other?.close();
  await stack?.close();
});

const isRevoked = (t: ExecutionContext, res: Response, what: string) =>
  expectError(t, res, 401, 'SESSION_REVOKED', undefined, what);

test('a token issued by one API process works on another, and a logout on the first revokes it on the second at once', async (t) => {
  const {
    pairs: [pair],
  } = await given.devices(stack, 1);
  expectData(t, await otherApi.as(pair).get('/auth/me'));
  expectNoContent(t, await api.as(pair).post('/auth/logout', { refreshToken: pair.refreshToken }));
  isRevoked(t, await otherApi.as(pair).get('/auth/me'), 'on the other process');
});

test('suspending a user on one API process revokes their token on another at once', async (t) => {
  const {
    id,
    pairs: [pair],
  } = await given.devices(stack, 1);
  expectData(t, await otherApi.as(pair).get('/auth/me'));
  const boss = await given.admin(stack);
  t.is(expectData(t, await api.as(boss).post(`/users/${id}/suspend`, { reason: 'investigation' })).status, 'suspended');
  isRevoked(t, await otherApi.as(pair).get('/auth/me'), 'on the other process');
});

test("a suspended user's live tokens answer 401 SESSION_REVOKED on their next request, on every device", async (t) => {
  const { id, pairs } = await given.devices(stack, 2);
  const boss = await given.admin(stack);
  expectData(t, await api.as(boss).post(`/users/${id}/suspend`, { reason: 'fraud' }));
  for (const [i, pair] of pairs.entries()) {
    isRevoked(t, await api.as(pair).get('/auth/me'), `device ${i}`);
    expectError(
      t,
      await api.post('/auth/refresh', { refreshToken: pair.refreshToken }),
      401,
      'INVALID_REFRESH_TOKEN',
      undefined,
      `refresh of device ${i}`,
    );
  }
});

test("an archived user's live token answers 401 SESSION_REVOKED on its next request", async (t) => {
  const {
    id,
    pairs: [pair],
  } = await given.devices(stack, 1);
  const boss = await given.admin(stack);
  expectData(t, await api.as(boss).post(`/users/${id}/archive`, {}));
  isRevoked(t, await api.as(pair).get('/auth/me'), 'after archiving');
});
