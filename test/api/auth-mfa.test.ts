import test from 'ava';
import { generateSync } from 'otplib';
import { bearer, login, userWithPassword, PASSWORD } from '../helpers/identity.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { exhaustLimit } from '../helpers/rate-limit.js';

/**
 * CONTRACT section 3 (MFA): TOTP (30 s, 6 digits, one step either side, each code accepted once),
 * setup / verify / disable, the two-step sign-in with a single-use mfaToken, recovery codes; and
 * section 10 (the MFA verify and disable limit). Section 8: no code or secret in the audit trail.
 */

let stack: Stack;
// The route limits are exercised by a stack of their own below; here they must not get in the way.
test.before(async () => { stack = await startStack({ env: { RATE_LIMIT_LOGIN_MAX: '10000', RATE_LIMIT_MFA_MAX: '10000' } }); });
test.after.always(async () => { await stack?.close(); });

const STEP = 30;
/** The TOTP code of `secret` `steps` time steps from now (0: the current step). */
const codeAt = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * STEP });
/** Six digits that are none of the codes the server could accept now or in the next minute. */
function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2, 3].map((s) => codeAt(secret, s)));
  let n = Number(codeAt(secret));
  do n = (n + 1) % 1_000_000; while (near.has(String(n).padStart(6, '0')));
  return String(n).padStart(6, '0');
}

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack.orm.em.fork().execute<T[]>(query, params);

type Client = { token: string };
const post = (s: Stack, url: string, who: Client | null, payload?: object, remoteAddress?: string) =>
  s.app.inject({ method: 'POST', url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
const me = async (who: Client) => (await stack.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(who) })).json().data;

const passwordStep = (email: string, password = PASSWORD) => post(stack, '/auth/login', null, { email, password });
const codeStep = (mfaToken: string, code: string) => post(stack, '/auth/login', null, { mfaToken, code });

/** A signed-in user who has set up MFA but not verified it yet. */
async function enrolling(s: Stack = stack) {
  const user = await userWithPassword(s.orm);
  const session = await login(s.app, user.email);
  const res = await post(s, '/auth/mfa/setup', session);
  if (res.statusCode !== 201) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
  const { secret, otpauthUri, recoveryCodes } = res.json().data as { secret: string; otpauthUri: string; recoveryCodes: string[] };
  return { ...user, session, secret, otpauthUri, recoveryCodes };
}

/** A user with MFA enabled; the current step's code has been spent on verify, so sign-ins use the next step's code. */
async function withMfa() {
  const user = await enrolling();
  const res = await post(stack, '/auth/mfa/verify', user.session, { code: codeAt(user.secret) });
  if (res.statusCode !== 204) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  return user;
}

/** Step one of an MFA sign-in; returns the mfaToken. */
async function challenge(email: string): Promise<string> {
  const res = await passwordStep(email);
  if (res.statusCode !== 200 || !res.json().data.mfaRequired) throw new Error(`expected an MFA challenge: ${res.statusCode} ${res.body}`);
  return res.json().data.mfaToken;
}

// --- setup and verify ---------------------------------------------------------------------------

test('MFA setup answers 201 with a secret, an otpauth URI and ten distinct recovery codes', async (t) => {
  const user = await userWithPassword(stack.orm);
  const session = await login(stack.app, user.email);
  const res = await post(stack, '/auth/mfa/setup', session);
  t.is(res.statusCode, 201);
  const body = res.json();
  t.truthy(body.meta.requestId);
  t.deepEqual(Object.keys(body.data).sort(), ['otpauthUri', 'recoveryCodes', 'secret']);
  t.regex(body.data.secret, /^[A-Z2-7]{16,}=*$/, 'a base32 secret an authenticator app accepts');
  t.true(body.data.otpauthUri.startsWith('otpauth://totp/'));
  t.true(body.data.otpauthUri.includes(`secret=${body.data.secret}`));
  t.is(body.data.recoveryCodes.length, 10);
  t.is(new Set(body.data.recoveryCodes).size, 10);
});

test('MFA stays off after setup and is turned on only by verify with a current code', async (t) => {
  const user = await enrolling();
  t.false((await me(user.session)).mfaEnabled);
  t.is((await passwordStep(user.email)).json().data.mfaRequired, undefined, 'sign-in is still single step');
  const res = await post(stack, '/auth/mfa/verify', user.session, { code: codeAt(user.secret) });
  t.is(res.statusCode, 204);
  t.is(res.body, '');
  t.true((await me(user.session)).mfaEnabled);
});

test('verify with a wrong code answers 401 INVALID_MFA_CODE and MFA stays off', async (t) => {
  const user = await enrolling();
  const res = await post(stack, '/auth/mfa/verify', user.session, { code: wrongCode(user.secret) });
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_MFA_CODE');
  t.false((await me(user.session)).mfaEnabled);
});

test('verify does not accept a recovery code in place of an authenticator code', async (t) => {
  const user = await enrolling();
  const res = await post(stack, '/auth/mfa/verify', user.session, { code: user.recoveryCodes[0] });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.false((await me(user.session)).mfaEnabled);
});

test('setup while MFA is enabled answers 422 INVALID_TRANSITION and keeps the enrolment', async (t) => {
  const user = await withMfa();
  const [before] = await sql<{ mfa_secret: string }>(`select mfa_secret from users where id = ?`, [user.id]);
  const res = await post(stack, '/auth/mfa/setup', user.session);
  t.is(res.statusCode, 422);
  t.is(res.json().error.code, 'INVALID_TRANSITION');
  const [after] = await sql<{ mfa_secret: string; mfa_enabled: boolean }>(`select mfa_secret, mfa_enabled from users where id = ?`, [user.id]);
  t.is(after.mfa_secret, before.mfa_secret);
  t.true(after.mfa_enabled);
});

test('the TOTP secret is stored encrypted and recovery codes only as hashes', async (t) => {
  const user = await enrolling();
  const [row] = await sql<{ mfa_secret: string }>(`select mfa_secret from users where id = ?`, [user.id]);
  t.truthy(row.mfa_secret);
  t.not(row.mfa_secret, user.secret);
  t.false(row.mfa_secret.includes(user.secret));
  t.false(row.mfa_secret.toUpperCase().includes(user.secret));
  const codes = await sql<{ code_hash: string; used_at: Date | null }>(`select code_hash, used_at from mfa_recovery_codes where user_id = ?`, [user.id]);
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

// --- sign-in with MFA ---------------------------------------------------------------------------

test('with MFA on, the password step answers mfaRequired with an mfaToken and no tokens', async (t) => {
  const user = await withMfa();
  const res = await passwordStep(user.email);
  t.is(res.statusCode, 200);
  const data = res.json().data;
  t.deepEqual(Object.keys(data).sort(), ['expiresIn', 'mfaRequired', 'mfaToken']);
  t.is(data.mfaRequired, true);
  t.is(data.expiresIn, 300);
  t.true(data.mfaToken.length >= 40);
  t.is(data.accessToken, undefined);
  t.is(data.refreshToken, undefined);
});

test('with MFA on, a wrong password still answers 401 INVALID_CREDENTIALS without a challenge', async (t) => {
  const user = await withMfa();
  const res = await passwordStep(user.email, 'not-the-password-at-all');
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_CREDENTIALS');
});

test('the mfaToken and a current TOTP code complete the sign-in with a working token pair', async (t) => {
  const user = await withMfa();
  const mfaToken = await challenge(user.email);
  const res = await codeStep(mfaToken, codeAt(user.secret, 1));
  t.is(res.statusCode, 200);
  const data = res.json().data;
  t.is(data.tokenType, 'Bearer');
  t.truthy(data.accessToken);
  t.truthy(data.refreshToken);
  t.truthy(data.familyId);
  t.is(data.user.id, user.id);
  t.true(data.user.mfaEnabled);
  const who = await me({ token: data.accessToken });
  t.is(who.id, user.id);
});

test('an mfaToken can be used only once, even with a valid unused code', async (t) => {
  const user = await withMfa();
  const mfaToken = await challenge(user.email);
  t.is((await codeStep(mfaToken, codeAt(user.secret, 1))).statusCode, 200);
  const again = await codeStep(mfaToken, user.recoveryCodes[0]);
  t.is(again.statusCode, 401);
  t.is(again.json().error.code, 'INVALID_CREDENTIALS');
  t.is(again.json().data, undefined);
  // The refused attempt spent nothing: the recovery code still works with a fresh challenge.
  t.is((await codeStep(await challenge(user.email), user.recoveryCodes[0])).statusCode, 200);
});

test('an mfaToken older than five minutes is refused', async (t) => {
  const user = await withMfa();
  const mfaToken = await challenge(user.email);
  await sql(`update mfa_challenges set expires_at = now() - interval '1 second' where user_id = ?`, [user.id]);
  const res = await codeStep(mfaToken, codeAt(user.secret, 1));
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_CREDENTIALS');
});

test('a TOTP code accepted once is refused when replayed in a new sign-in', async (t) => {
  const user = await withMfa();
  const code = codeAt(user.secret, 1);
  t.is((await codeStep(await challenge(user.email), code)).statusCode, 200);
  const replay = await codeStep(await challenge(user.email), code);
  t.is(replay.statusCode, 401);
  t.is(replay.json().error.code, 'INVALID_MFA_CODE');
});

test('the code spent on verify cannot be replayed to sign in', async (t) => {
  const user = await enrolling();
  const code = codeAt(user.secret);
  t.is((await post(stack, '/auth/mfa/verify', user.session, { code })).statusCode, 204);
  const replay = await codeStep(await challenge(user.email), code);
  t.is(replay.statusCode, 401);
  t.is(replay.json().error.code, 'INVALID_MFA_CODE');
});

test('a code is refused with 401, not a server error, after a server whose clock runs ahead accepted a later step', async (t) => {
  const user = await withMfa();
  // Another API process, its clock a minute ahead, accepted the code of a step this one has not reached.
  const aheadStep = Math.floor(Date.now() / 1000 / STEP) + 2;
  await sql(`update users set mfa_last_step = ? where id = ?`, [aheadStep, user.id]);
  const res = await codeStep(await challenge(user.email), codeAt(user.secret, 1));
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_MFA_CODE');
  // A recovery code still gets the user in.
  t.is((await codeStep(await challenge(user.email), user.recoveryCodes[0])).statusCode, 200);
});

test('a recovery code completes a sign-in once and only once', async (t) => {
  const user = await withMfa();
  const [recovery] = user.recoveryCodes;
  const first = await codeStep(await challenge(user.email), recovery);
  t.is(first.statusCode, 200);
  t.truthy(first.json().data.accessToken);
  const second = await codeStep(await challenge(user.email), recovery);
  t.is(second.statusCode, 401);
  t.is(second.json().error.code, 'INVALID_MFA_CODE');
  const [{ used }] = await sql<{ used: number }>(`select count(*)::int as used from mfa_recovery_codes where user_id = ? and used_at is not null`, [user.id]);
  t.is(used, 1, 'only the code presented is spent');
});

test('a wrong code at the second step answers 401 INVALID_MFA_CODE and issues no tokens', async (t) => {
  const user = await withMfa();
  const res = await codeStep(await challenge(user.email), wrongCode(user.secret));
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_MFA_CODE');
  const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from auth_sessions where user_id = ?`, [user.id]);
  t.is(n, 1, 'only the session of the original sign-in exists');
});

test('an mfaToken dies after five wrong codes: the right code is then refused too', async (t) => {
  const user = await withMfa();
  const mfaToken = await challenge(user.email);
  const wrong = wrongCode(user.secret);
  for (let i = 0; i < 5; i++) t.is((await codeStep(mfaToken, wrong)).json().error.code, 'INVALID_MFA_CODE');
  const res = await codeStep(mfaToken, codeAt(user.secret, 1));
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_CREDENTIALS');
  // A fresh challenge with the same, still unspent, code succeeds.
  t.is((await codeStep(await challenge(user.email), codeAt(user.secret, 1))).statusCode, 200);
});

test('an mfaToken without a code answers 400 VALIDATION_ERROR naming body.code', async (t) => {
  const user = await withMfa();
  const res = await post(stack, '/auth/login', null, { mfaToken: await challenge(user.email) });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(res.json().error.details.map((d: { field: string }) => d.field), ['body.code']);
});

// --- disable ------------------------------------------------------------------------------------

test('disabling MFA with a wrong password answers 401 INVALID_CREDENTIALS and MFA stays on', async (t) => {
  const user = await withMfa();
  const res = await post(stack, '/auth/mfa/disable', user.session, { password: 'not-the-password-at-all', code: codeAt(user.secret, 1) });
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_CREDENTIALS');
  t.true((await me(user.session)).mfaEnabled);
});

test('disabling MFA with a wrong code answers 401 INVALID_MFA_CODE and MFA stays on', async (t) => {
  const user = await withMfa();
  const res = await post(stack, '/auth/mfa/disable', user.session, { password: PASSWORD, code: wrongCode(user.secret) });
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_MFA_CODE');
  t.true((await me(user.session)).mfaEnabled);
});

test('disabling MFA with the password and a current code answers 204 and sign-in is single step again', async (t) => {
  const user = await withMfa();
  const res = await post(stack, '/auth/mfa/disable', user.session, { password: PASSWORD, code: codeAt(user.secret, 1) });
  t.is(res.statusCode, 204);
  t.false((await me(user.session)).mfaEnabled);
  const signIn = await passwordStep(user.email);
  t.is(signIn.statusCode, 200);
  t.is(signIn.json().data.mfaRequired, undefined);
  t.truthy(signIn.json().data.accessToken);
  const [row] = await sql<{ mfa_secret: string | null; codes: number }>(
    `select mfa_secret, (select count(*)::int from mfa_recovery_codes where user_id = u.id) as codes from users u where id = ?`, [user.id]);
  t.deepEqual(row, { mfa_secret: null, codes: 0 }, 'the secret and the recovery codes are gone');
});

test('disabling MFA when it is not enabled answers 422 INVALID_TRANSITION', async (t) => {
  const user = await userWithPassword(stack.orm);
  const session = await login(stack.app, user.email);
  const res = await post(stack, '/auth/mfa/disable', session, { password: PASSWORD, code: '123456' });
  t.is(res.statusCode, 422);
  t.is(res.json().error.code, 'INVALID_TRANSITION');
});

// --- audit trail --------------------------------------------------------------------------------

test('no TOTP code, secret, recovery code or mfaToken reaches the audit trail', async (t) => {
  const user = await enrolling();
  const shown: string[] = [user.secret, ...user.recoveryCodes];
  const wrong = wrongCode(user.secret);
  shown.push(wrong);
  t.is((await post(stack, '/auth/mfa/verify', user.session, { code: wrong })).statusCode, 401);
  const verifyCode = codeAt(user.secret);
  shown.push(verifyCode);
  t.is((await post(stack, '/auth/mfa/verify', user.session, { code: verifyCode })).statusCode, 204);

  const tokenA = await challenge(user.email);
  const totp = codeAt(user.secret, 1);
  shown.push(tokenA, totp);
  t.is((await codeStep(tokenA, wrong)).statusCode, 401);
  t.is((await codeStep(tokenA, totp)).statusCode, 200);
  const tokenB = await challenge(user.email);
  shown.push(tokenB);
  t.is((await codeStep(tokenB, user.recoveryCodes[3])).statusCode, 200);
  t.is((await post(stack, '/auth/mfa/disable', user.session, { password: PASSWORD, code: user.recoveryCodes[4] })).statusCode, 204);

  // Every field a person reads (timestamps and chain hashes aside, whose digits could match a code by chance).
  const entries = await sql<{ action: string; entry: string }>(
    `select action, concat_ws(' ', actor, subject_type, subject_id, request_id, ip, summary::text) as entry from audit_entries where actor = ? or subject_id = ?`,
    [user.id, user.id]);
  const actions = new Set(entries.map((e) => e.action));
  for (const action of ['user.mfa_setup', 'user.mfa_enable', 'auth.mfa_challenge', 'auth.mfa_failed', 'auth.login', 'user.mfa_disable']) {
    t.true(actions.has(action), `audit has ${action}`);
  }
  const trail = entries.map((e) => e.entry).join('\n');
  for (const value of shown) t.false(trail.includes(value), `audit trail contains ${value.slice(0, 4)}...`);
  t.false(trail.toUpperCase().includes(user.secret));
});

// --- rate limit ---------------------------------------------------------------------------------

test.serial('MFA verify is limited per client IP: past RATE_LIMIT_MFA_MAX a minute it answers 429 RATE_LIMITED with Retry-After', async (t) => {
  const tight = await startStack({ env: { RATE_LIMIT_MFA_MAX: '2' } });
  try {
    const user = await enrolling(tight);
    const ip = '10.20.0.1';
    const attempt = () => post(tight, '/auth/mfa/verify', user.session, { code: wrongCode(user.secret) }, ip);
    await exhaustLimit(t, attempt, 2, 401);
    // Even the right code waits: the limit applies before the code is looked at.
    t.is((await post(tight, '/auth/mfa/verify', user.session, { code: codeAt(user.secret) }, ip)).statusCode, 429);
    // Another client address has its own count.
    t.is((await post(tight, '/auth/mfa/verify', user.session, { code: codeAt(user.secret) }, '10.20.0.2')).statusCode, 204);
  } finally {
    await tight.close();
  }
});

test.serial('MFA disable is limited per client IP like verify', async (t) => {
  const tight = await startStack({ env: { RATE_LIMIT_MFA_MAX: '2' } });
  try {
    const user = await userWithPassword(tight.orm);
    const session = await login(tight.app, user.email);
    const ip = '10.20.1.1';
    const attempt = () => post(tight, '/auth/mfa/disable', session, { password: PASSWORD, code: '123456' }, ip);
    t.is((await attempt()).statusCode, 422);
    t.is((await attempt()).statusCode, 422);
    const limited = await attempt();
    t.is(limited.statusCode, 429);
    t.is(limited.json().error.code, 'RATE_LIMITED');
    t.true(Number(limited.headers['retry-after']) > 0);
  } finally {
    await tight.close();
  }
});
