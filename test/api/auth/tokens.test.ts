import test from 'ava';
import { createSigner } from 'fast-jwt';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type Api, client } from '../../helpers/client.js';
import { expectData, expectError, missing } from '../../helpers/expect.js';
import { given, systemRole } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Access tokens are verified on every request, and what they allow comes from the database, never the token. */
let stack: Stack;
let api: Api;
test.before(async () => {
  stack = await startStack({ env: { RATE_LIMIT_LOGIN_MAX: '100000', RATE_LIMIT_REFRESH_MAX: '100000' } });
  api = client(stack.app);
});
test.after.always(async () => {
  await stack?.close();
});

const COMPLIANCE_ROLE = systemRole('compliance_officer');
/** A user signed in through the API. */
const signedIn = async (roles: string[] = []) => {
  const user = await given.account(stack, { roles });
  return { ...user, pair: await given.login(stack, user) };
};

/** A token signed with the service's own key (a genuine signature), with fast-jwt's signer options. */
const signed = (claims: Record<string, unknown>, options: { expiresIn?: number; clockTimestamp?: number } = {}) =>
  createSigner({ key: stack.config.JWT_SECRET as string, algorithm: 'HS256', ...options })(claims);

// ---- Verification ----

test('an expired access token answers 401 TOKEN_EXPIRED', async (t) => {
  const { id, pair } = await signedIn();
  // Signed with the service key an hour ago, for 15 minutes: a genuine token, only out of date.
  const expired = signed(
    { sub: id, sid: pair.familyId, jti: uuidv7() },
    { expiresIn: 900_000, clockTimestamp: Date.now() - 3_600_000 },
  );
  expectError(t, await api.as(expired).get('/auth/me'), 401, 'TOKEN_EXPIRED');
  expectData(t, await api.as(pair).get('/auth/me'), 200, 'the session itself is fine');
});

test('a token accepted a moment ago answers 401 TOKEN_EXPIRED once its time is up: a remembered check never outlives the token', async (t) => {
  const { id, pair } = await signedIn();
  // Signed so that it expires about two seconds from now.
  const token = signed({ sub: id, sid: pair.familyId, jti: uuidv7() }, { expiresIn: 2_000 });
  expectData(t, await api.as(token).get('/auth/me'), 200);
  expectData(t, await api.as(token).get('/auth/me'), 200, 'accepted again while valid');
  await new Promise((r) => setTimeout(r, 2_200));
  expectError(t, await api.as(token).get('/auth/me'), 401, 'TOKEN_EXPIRED');
});

test('a remembered token vouches for no other: a copy with its signature, its payload or its header changed answers 401', async (t) => {
  const { id, pair } = await signedIn();
  const token = signed({ sub: id, sid: pair.familyId, jti: uuidv7() }, { expiresIn: 900_000 });
  expectData(t, await api.as(token).get('/auth/me'), 200, 'checked once and remembered');
  const [header, payload, signature] = token.split('.');
  const flip = (part: string) => `${part.slice(0, -2)}${part.endsWith('AA') ? 'AB' : 'AA'}`;
  const other = signed({ sub: id, sid: pair.familyId, jti: uuidv7() }, { expiresIn: 900_000 }).split('.')[1];
  for (const copy of [
    `${header}.${payload}.${flip(signature)}`,
    `${header}.${other}.${signature}`,
    `${flip(header)}.${payload}.${signature}`,
    `${token}x`,
  ])
    expectError(t, await api.as(copy).get('/auth/me'), 401, 'UNAUTHENTICATED');
  expectData(t, await api.as(token).get('/auth/me'), 200, 'the genuine token is still accepted');
});

test('a token signed with the service key whose sub or sid is no uuid answers 401, the second time too', async (t) => {
  const { id, pair } = await signedIn();
  for (const claims of [
    { sub: `${id}' or '1'='1`, sid: pair.familyId },
    { sub: id, sid: 'not-a-family' },
  ]) {
    const token = signed({ ...claims, jti: uuidv7() }, { expiresIn: 900_000 });
    expectError(t, await api.as(token).get('/auth/me'), 401, 'UNAUTHENTICATED');
    expectError(t, await api.as(token).get('/auth/me'), 401, 'UNAUTHENTICATED');
  }
});

test('a token that is not a JWT answers 401 UNAUTHENTICATED', async (t) => {
  expectError(t, await api.as('garbage.not.ajwt').get('/auth/me'), 401, 'UNAUTHENTICATED');
});

test('a token signed with another key answers 401 UNAUTHENTICATED', async (t) => {
  const { id, pair } = await signedIn();
  const forged = createSigner({
    key: 'some-other-secret-that-is-long-enough-000000',
    algorithm: 'HS256',
    expiresIn: 900_000,
  })({ sub: id, sid: pair.familyId, jti: uuidv7() });
  expectError(t, await api.as(forged).get('/auth/me'), 401, 'UNAUTHENTICATED');
});

test('an Authorization header that is not "Bearer <token>" answers 401 UNAUTHENTICATED', async (t) => {
  expectError(
    t,
    await api.get('/auth/me', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
    401,
    'UNAUTHENTICATED',
  );
});

test('a request without a token answers 401 UNAUTHENTICATED', async (t) => {
  const res = await api.get('/auth/me');
  expectError(t, res, 401, 'UNAUTHENTICATED');
  t.regex(res.json().meta.requestId, /.+/);
});

// ---- Permissions come from the database on every request ----

test('a role granted to a signed-in user applies to the very next request with the same access token', async (t) => {
  const { id, pair } = await signedIn();
  expectError(t, await api.as(pair).get('/roles'), 403, 'FORBIDDEN', missing('role:read'));
  const boss = await given.admin(stack);
  expectData(t, await api.as(boss).post(`/users/${id}/roles`, { roleId: COMPLIANCE_ROLE.id }));
  expectData(t, await api.as(pair).get('/roles'));
});

test('a role removed from a signed-in user applies to the very next request with the same access token', async (t) => {
  const { id, pair } = await signedIn([COMPLIANCE_ROLE.id]);
  expectData(t, await api.as(pair).get('/roles'));
  const boss = await given.admin(stack);
  expectData(t, await api.as(boss).delete(`/users/${id}/roles/${COMPLIANCE_ROLE.id}`));
  expectError(t, await api.as(pair).get('/roles'), 403, 'FORBIDDEN');
});

test('permissions written into a token are ignored: only the roles in the database count', async (t) => {
  const { id, pair } = await signedIn();
  // Signed with the service's own key: only the extra claim is forged.
  const forged = signed(
    { sub: id, sid: pair.familyId, jti: uuidv7(), permissions: ['role:read'] },
    { expiresIn: 60_000 },
  );
  expectError(t, await api.as(forged).get('/roles'), 403, 'FORBIDDEN');
});

test('a token signed with the service key but missing exp, sub, sid or jti answers 401 UNAUTHENTICATED', async (t) => {
  const { id, pair } = await signedIn();
  const full = { sub: id, sid: pair.familyId, jti: uuidv7() };
  const sign = (claims: Record<string, unknown>, expires = true) =>
    signed(claims, expires ? { expiresIn: 60_000 } : {});
  const lacking = {
    exp: sign(full, false),
    sub: sign({ sid: full.sid, jti: full.jti }),
    sid: sign({ sub: full.sub, jti: full.jti }),
    jti: sign({ sub: full.sub, sid: full.sid }),
  };
  for (const [claim, token] of Object.entries(lacking)) {
    expectError(t, await api.as(token).get('/auth/me'), 401, 'UNAUTHENTICATED', undefined, `without ${claim}`);
  }
  expectData(t, await api.as(sign(full)).get('/auth/me'), 200, 'the same claims with all four are accepted');
});
