import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectNoContent, expectValidation } from '../../helpers/expect.js';
import { PASSWORD } from '../../helpers/given.js';
import { challenge, codeAt, enrolling, STEP, withMfa, wrongCode } from '../../helpers/mfa.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/**
 * MFA: the two-step sign-in with a single-use mfaToken, TOTP codes (one step
 * either side, each accepted once) and single-use recovery codes; no code or secret in the audit trail.
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
const passwordStep = (email: string, password = PASSWORD) => api.post('/auth/login', { email, password });
const codeStep = (mfaToken: string, code: string) => api.post('/auth/login', { mfaToken, code });

test('with MFA on, the password step answers mfaRequired with an mfaToken and no tokens', async (t) => {
  const user = await withMfa(stack);
  const data = expectData(t, await passwordStep(user.email));
  t.deepEqual(Object.keys(data).sort(), ['expiresIn', 'mfaRequired', 'mfaToken']);
  t.like(data, { mfaRequired: true, expiresIn: 300, accessToken: undefined, refreshToken: undefined });
  t.true(data.mfaToken.length >= 40);
});

test('with MFA on, a wrong password still answers 401 INVALID_CREDENTIALS without a challenge', async (t) => {
  const user = await withMfa(stack);
  expectError(t, await passwordStep(user.email, 'not-the-password-at-all'), 401, 'INVALID_CREDENTIALS');
});

test('the mfaToken and a current TOTP code complete the sign-in with a working token pair', async (t) => {
  const user = await withMfa(stack);
  const data = expectData(t, await codeStep(await challenge(stack, user), codeAt(user.secret, 1)));
  t.is(data.tokenType, 'Bearer');
  t.truthy(data.accessToken);
  t.truthy(data.refreshToken);
  t.truthy(data.familyId);
  t.like(data.user, { id: user.id, mfaEnabled: true });
  t.is(expectData(t, await api.as(data.accessToken).get('/auth/me')).id, user.id);
});

test('an mfaToken can be used only once, even with a valid unused code', async (t) => {
  const user = await withMfa(stack);
  const mfaToken = await challenge(stack, user);
  expectData(t, await codeStep(mfaToken, codeAt(user.secret, 1)));
  const again = await codeStep(mfaToken, user.recoveryCodes[0]);
  expectError(t, again, 401, 'INVALID_CREDENTIALS');
  t.is(again.json().data, undefined);
  // The refused attempt spent nothing: the recovery code still works with a fresh challenge.
  expectData(t, await codeStep(await challenge(stack, user), user.recoveryCodes[0]));
});

test('an mfaToken older than five minutes is refused', async (t) => {
  const user = await withMfa(stack);
  const mfaToken = await challenge(stack, user);
  await sql(`update mfa_challenges set expires_at = now() - interval '1 second' where user_id = ?`, [user.id]);
  expectError(t, await codeStep(mfaToken, codeAt(user.secret, 1)), 401, 'INVALID_CREDENTIALS');
});

test('a TOTP code accepted once is refused when replayed in a new sign-in', async (t) => {
  const user = await withMfa(stack);
  const code = codeAt(user.secret, 1);
  expectData(t, await codeStep(await challenge(stack, user), code));
  expectError(t, await codeStep(await challenge(stack, user), code), 401, 'INVALID_MFA_CODE');
});

test('the code spent on verify cannot be replayed to sign in', async (t) => {
  const user = await enrolling(stack);
  const code = codeAt(user.secret);
  expectNoContent(t, await api.as(user.session).post('/auth/mfa/verify', { code, password: user.password }));
  expectError(t, await codeStep(await challenge(stack, user), code), 401, 'INVALID_MFA_CODE');
});

test('a code is refused with 401, not a server error, after a server whose clock runs ahead accepted a later step', async (t) => {
  const user = await withMfa(stack);
  // Another API process, its clock a minute ahead, accepted the code of a step this one has not reached.
  const aheadStep = Math.floor(Date.now() / 1000 / STEP) + 2;
  await sql(`update users set mfa_last_step = ? where id = ?`, [aheadStep, user.id]);
  expectError(t, await codeStep(await challenge(stack, user), codeAt(user.secret, 1)), 401, 'INVALID_MFA_CODE');
  // A recovery code still gets the user in.
  expectData(t, await codeStep(await challenge(stack, user), user.recoveryCodes[0]));
});

test('a recovery code completes a sign-in once and only once', async (t) => {
  const user = await withMfa(stack);
  const [recovery] = user.recoveryCodes;
  t.truthy(expectData(t, await codeStep(await challenge(stack, user), recovery)).accessToken);
  expectError(t, await codeStep(await challenge(stack, user), recovery), 401, 'INVALID_MFA_CODE');
  const [{ used }] = await sql(
    `select count(*)::int as used from mfa_recovery_codes where user_id = ? and used_at is not null`,
    [user.id],
  );
  t.is(used, 1, 'only the code presented is spent');
});

test('a wrong code at the second step answers 401 INVALID_MFA_CODE and issues no tokens', async (t) => {
  const user = await withMfa(stack);
  expectError(t, await codeStep(await challenge(stack, user), wrongCode(user.secret)), 401, 'INVALID_MFA_CODE');
  const [{ n }] = await sql(`select count(*)::int as n from auth_sessions where user_id = ?`, [user.id]);
  t.is(n, 1, 'only the session of the original sign-in exists');
});

test('an mfaToken dies after five wrong codes: the right code is then refused too', async (t) => {
  const user = await withMfa(stack);
  const mfaToken = await challenge(stack, user);
  const wrong = wrongCode(user.secret);
  for (let i = 0; i < 5; i++) expectError(t, await codeStep(mfaToken, wrong), 401, 'INVALID_MFA_CODE');
  expectError(t, await codeStep(mfaToken, codeAt(user.secret, 1)), 401, 'INVALID_CREDENTIALS');
  // A fresh challenge with the same, still unspent, code succeeds.
  expectData(t, await codeStep(await challenge(stack, user), codeAt(user.secret, 1)));
});

test('an mfaToken without a code answers 400 VALIDATION_ERROR naming body.code', async (t) => {
  const user = await withMfa(stack);
  expectValidation(t, await api.post('/auth/login', { mfaToken: await challenge(stack, user) }), ['body.code']);
});

test('no TOTP code, secret, recovery code or mfaToken reaches the audit trail', async (t) => {
  const user = await enrolling(stack);
  const as = api.as(user.session);
  const shown: string[] = [user.secret, ...user.recoveryCodes];
  const wrong = wrongCode(user.secret);
  shown.push(wrong);
  expectError(t, await as.post('/auth/mfa/verify', { code: wrong, password: user.password }), 401, 'INVALID_MFA_CODE');
  const verifyCode = codeAt(user.secret);
  shown.push(verifyCode);
  expectNoContent(t, await as.post('/auth/mfa/verify', { code: verifyCode, password: user.password }));

  const tokenA = await challenge(stack, user);
  const totp = codeAt(user.secret, 1);
  shown.push(tokenA, totp);
  expectError(t, await codeStep(tokenA, wrong), 401, 'INVALID_MFA_CODE');
  expectData(t, await codeStep(tokenA, totp));
  const tokenB = await challenge(stack, user);
  shown.push(tokenB);
  expectData(t, await codeStep(tokenB, user.recoveryCodes[3]));
  expectNoContent(t, await as.post('/auth/mfa/disable', { password: PASSWORD, code: user.recoveryCodes[4] }));

  // Every field a person reads (timestamps and chain hashes aside, whose digits could match a code by chance).
  const entries = await sql(
    `select action, concat_ws(' ', actor, subject_type, subject_id, request_id, ip, summary::text) as entry from audit_entries where actor = ? or subject_id = ?`,
    [user.id, user.id],
  );
  const actions = new Set(entries.map((e) => e.action));
  for (const action of [
    'user.mfa_setup',
    'user.mfa_enable',
    'auth.mfa_challenge',
    'auth.mfa_failed',
    'auth.login',
    'user.mfa_disable',
  ]) {
    t.true(actions.has(action), `audit has ${action}`);
  }
  const trail = entries.map((e) => e.entry).join('\n');
  for (const value of shown) t.false(trail.includes(value), `audit trail contains ${value.slice(0, 4)}...`);
  t.false(trail.toUpperCase().includes(user.secret));
});
