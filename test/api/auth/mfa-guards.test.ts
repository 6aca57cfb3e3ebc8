import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { expectData, expectError, expectNoContent, expectValidation } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { challenge, codeAt, enrolling, withMfa } from '../../helpers/mfa.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** MFA cannot be enrolled with a stolen access token alone, and a half-done MFA sign-in ends with the sessions. */
let stack: Stack;
let api: Api;
test.before(async () => {
  stack = await startStack({ env: { RATE_LIMIT_LOGIN_MAX: '10000', RATE_LIMIT_MFA_MAX: '10000' } });
  api = client(stack.app);
});
test.after.always(async () => {
  await stack?.close();
});

const codeStep = (mfaToken: string, code: string) => api.post('/auth/login', { mfaToken, code });
const dead = (t: import('ava').ExecutionContext, res: Parameters<typeof expectError>[1], what: string) =>
  expectError(t, res, 401, 'INVALID_CREDENTIALS', undefined, what);

test('verifying an enrolment needs the password: without it 400, with a wrong one 401 and MFA stays off', async (t) => {
  const user = await enrolling(stack);
  expectValidation(t, await api.as(user.session).post('/auth/mfa/verify', { code: codeAt(user.secret) }), [
    'body.password',
  ]);
  expectError(
    t,
    await api
      .as(user.session)
      .post('/auth/mfa/verify', { code: codeAt(user.secret), password: 'not-the-password-123' }),
    401,
    'INVALID_CREDENTIALS',
  );
  const signIn = expectData(t, await api.post('/auth/login', { email: user.email, password: user.password }));
  t.falsy(signIn.mfaRequired, 'MFA is still off');
});

test('an outstanding mfaToken ends with logout-all', async (t) => {
  const user = await withMfa(stack);
  const mfaToken = await challenge(stack, user);
  const other = await given.session(stack, user);
  expectNoContent(t, await api.as(other).post('/auth/logout-all'));
  dead(t, await codeStep(mfaToken, codeAt(user.secret, 1)), 'after logout-all');
});

test('an outstanding mfaToken ends with a password change', async (t) => {
  const user = await withMfa(stack);
  const mfaToken = await challenge(stack, user);
  const other = await given.session(stack, user);
  expectNoContent(
    t,
    await api
      .as(other)
      .post('/auth/change-password', { currentPassword: user.password, newPassword: 'a-brand-new-password-77' }),
  );
  dead(t, await codeStep(mfaToken, codeAt(user.secret, 1)), 'after a password change');
});

test('an outstanding mfaToken ends with suspension, and with archiving', async (t) => {
  const admin = await given.admin(stack);
  for (const action of ['suspend', 'archive']) {
    const user = await withMfa(stack);
    const mfaToken = await challenge(stack, user);
    expectData(
      t,
      await api.as(admin).post(`/users/${user.id}/${action}`, action === 'suspend' ? { reason: 'check' } : undefined),
    );
    dead(t, await codeStep(mfaToken, codeAt(user.secret, 1)), `after ${action}`);
  }
});
