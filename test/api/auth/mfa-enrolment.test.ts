import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectNoContent } from '../../helpers/expect.js';
import { given, PASSWORD } from '../../helpers/given.js';
import { codeAt, enrolling, withMfa, wrongCode } from '../../helpers/mfa.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/**
 * MFA: TOTP setup, verify (which turns MFA on) and disable (password and a code);
 * the secret stored encrypted, recovery codes only as hashes.
 */
let stack: Stack;
let api: Api;
// The route limits have tests of their own (rate-limit.test.ts); here they must not get in the way.
test.before(async () => {
  stack = await startStack({ env: { RATE_LIMIT_LOGIN_MAX: '10000', RATE_LIMIT_MFA_MAX: '10000' } });
  api = client(stack.app);
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const mfaEnabled = async (who: { token: string }): Promise<boolean> =>
  (await api.as(who).get('/auth/me')).json().data.mfaEnabled;
const passwordStep = (email: string) => api.post('/auth/login', { email, password: PASSWORD });

// ---- Setup and verify ----

test('MFA setup answers 201 with a secret, an otpauth URI and ten distinct recovery codes', async (t) => {
  const session = await given.login(stack, await given.account(stack));
  const data = expectData(t, await api.as(session).post('/auth/mfa/setup'), 201);
  t.deepEqual(Object.keys(data).sort(), ['otpauthUri', 'recoveryCodes', 'secret']);
  t.regex(data.secret, /^[A-Z2-7]{16,}=*$/, 'a base32 secret an authenticator app accepts');
  t.true(data.otpauthUri.startsWith('otpauth://totp/'));
  t.true(data.otpauthUri.includes(`secret=${data.secret}`));
  t.is(data.recoveryCodes.length, 10);
  t.is(new Set(data.recoveryCodes).size, 10);
});

test('MFA stays off after setup and is turned on only by verify with a current code', async (t) => {
  const user = await enrolling(stack);
  t.false(await mfaEnabled(user.session));
  t.is((await passwordStep(user.email)).json().data.mfaRequired, undefined, 'sign-in is still single step');
  expectNoContent(
    t,
    await api.as(user.session).post('/auth/mfa/verify', { code: codeAt(user.secret), password: user.password }),
  );
  t.true(await mfaEnabled(user.session));
});

test('verify with a wrong code answers 401 INVALID_MFA_CODE and MFA stays off', async (t) => {
  const user = await enrolling(stack);
  expectError(
    t,
    await api.as(user.session).post('/auth/mfa/verify', { code: wrongCode(user.secret), password: user.password }),
    401,
    'INVALID_MFA_CODE',
  );
  t.false(await mfaEnabled(user.session));
});

test('verify does not accept a recovery code in place of an authenticator code', async (t) => {
  const user = await enrolling(stack);
  expectError(
    t,
    await api.as(user.session).post('/auth/mfa/verify', { code: user.recoveryCodes[0], password: user.password }),
    400,
    'VALIDATION_ERROR',
  );
  t.false(await mfaEnabled(user.session));
});

test('setup while MFA is enabled answers 422 INVALID_TRANSITION and keeps the enrolment', async (t) => {
  const user = await withMfa(stack);
  const [before] = await sql(`select mfa_secret from users where id = ?`, [user.id]);
  expectError(t, await api.as(user.session).post('/auth/mfa/setup'), 422, 'INVALID_TRANSITION');
  const [after] = await sql(`select mfa_secret, mfa_enabled from users where id = ?`, [user.id]);
  t.is(after.mfa_secret, before.mfa_secret);
  t.true(after.mfa_enabled);
});

test('the TOTP secret is stored encrypted and recovery codes only as hashes', async (t) => {
  const user = await enrolling(stack);
  const [row] = await sql(`select mfa_secret from users where id = ?`, [user.id]);
  t.truthy(row.mfa_secret);
  t.not(row.mfa_secret, user.secret);
  t.false(row.mfa_secret.includes(user.secret));
  t.false(row.mfa_secret.toUpperCase().includes(user.secret));
  const codes = await sql(`select code_hash, used_at from mfa_recovery_codes where user_id = ?`, [user.id]);
  t.is(codes.length, 10);
  for (const { code_hash, used_at } of codes) {
    t.is(used_at, null);
    for (const plain of user.recoveryCodes) {
      t.not(code_hash, plain);
      t.false(code_hash.includes(plain));
      t.false(code_hash.includes(plain.replace('-', '')));
    }
  }
});

// ---- Disable ----

test('disabling MFA with a wrong password answers 401 INVALID_CREDENTIALS and MFA stays on', async (t) => {
  const user = await withMfa(stack);
  const res = await api
    .as(user.session)
    .post('/auth/mfa/disable', { password: 'not-the-password-at-all', code: codeAt(user.secret, 1) });
  expectError(t, res, 401, 'INVALID_CREDENTIALS');
  t.true(await mfaEnabled(user.session));
});

test('disabling MFA with a wrong code answers 401 INVALID_MFA_CODE and MFA stays on', async (t) => {
  const user = await withMfa(stack);
  expectError(
    t,
    await api.as(user.session).post('/auth/mfa/disable', { password: PASSWORD, code: wrongCode(user.secret) }),
    401,
    'INVALID_MFA_CODE',
  );
  t.true(await mfaEnabled(user.session));
});

test('disabling MFA with the password and a current code answers 204 and sign-in is single step again', async (t) => {
  const user = await withMfa(stack);
  expectNoContent(
    t,
    await api.as(user.session).post('/auth/mfa/disable', { password: PASSWORD, code: codeAt(user.secret, 1) }),
  );
  t.false(await mfaEnabled(user.session));
  const signIn = expectData(t, await passwordStep(user.email));
  t.is(signIn.mfaRequired, undefined);
  t.truthy(signIn.accessToken);
  const [row] = await sql(
    `select mfa_secret, (select count(*)::int from mfa_recovery_codes where user_id = u.id) as codes from users u where id = ?`,
    [user.id],
  );
  t.deepEqual({ ...row }, { mfa_secret: null, codes: 0 }, 'the secret and the recovery codes are gone');
});

test('disabling MFA when it is not enabled answers 422 INVALID_TRANSITION', async (t) => {
  const session = await given.login(stack, await given.account(stack));
  expectError(
    t,
    await api.as(session).post('/auth/mfa/disable', { password: PASSWORD, code: '123456' }),
    422,
    'INVALID_TRANSITION',
  );
});
