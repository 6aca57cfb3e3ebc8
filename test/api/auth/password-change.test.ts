import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { expectData, expectError, expectNoContent, expectValidation } from '../../helpers/expect.js';
import { given, PASSWORD } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Password change: the current password required, the new one checked, every other session ended. */
let stack: Stack;
let api: Api;
test.before(async () => {
  stack = await startStack({ env: { RATE_LIMIT_PASSWORD_MAX: '10000', RATE_LIMIT_LOGIN_MAX: '10000' } });
  api = client(stack.app);
});
test.after.always(async () => {
  await stack?.close();
});

const NEW_PASSWORD = 'a-brand-new-passphrase-42';
const signIn = (email: string, password: string) => api.post('/auth/login', { email, password });
/** An account and a session signed in through the API. */
const signedIn = async () => {
  const user = await given.account(stack);
  return { user, session: await given.login(stack, user) };
};
const changePassword = (session: { token: string }, body: object) =>
  api.as(session).post('/auth/change-password', body);

test('change-password with the current password answers 204; the new password signs in and the old one does not', async (t) => {
  const { user, session } = await signedIn();
  expectNoContent(t, await changePassword(session, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }));
  expectError(t, await signIn(user.email, PASSWORD), 401, 'INVALID_CREDENTIALS');
  expectData(t, await signIn(user.email, NEW_PASSWORD));
});

test('change-password with a wrong current password answers 401 INVALID_CREDENTIALS and changes nothing', async (t) => {
  const { user, session } = await signedIn();
  expectError(
    t,
    await changePassword(session, { currentPassword: 'not-the-password-at-all', newPassword: NEW_PASSWORD }),
    401,
    'INVALID_CREDENTIALS',
  );
  expectData(t, await signIn(user.email, PASSWORD));
});

test('change-password refuses a new password equal to the email with 400 on body.newPassword', async (t) => {
  const { user, session } = await signedIn();
  expectValidation(t, await changePassword(session, { currentPassword: PASSWORD, newPassword: user.email }), [
    'body.newPassword',
  ]);
  expectData(t, await signIn(user.email, PASSWORD));
});

test('change-password refuses a new password under 12 characters with 400 minLength on body.newPassword', async (t) => {
  const { session } = await signedIn();
  expectValidation(t, await changePassword(session, { currentPassword: PASSWORD, newPassword: 'elevenchars' }), {
    'body.newPassword': 'minLength',
  });
});

test('change-password ends every other session and the current one keeps working', async (t) => {
  const { user, session: current } = await signedIn();
  const other = await given.login(stack, user);
  expectNoContent(t, await changePassword(current, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }));
  expectData(t, await api.as(current).get('/auth/me'));
  expectData(t, await api.post('/auth/refresh', { refreshToken: current.refreshToken }));
  expectError(t, await api.as(other).get('/auth/me'), 401, 'SESSION_REVOKED');
  expectError(t, await api.post('/auth/refresh', { refreshToken: other.refreshToken }), 401, 'INVALID_REFRESH_TOKEN');
});
