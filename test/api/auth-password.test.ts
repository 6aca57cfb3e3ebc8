import test from 'ava';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../api/app.js';
import { createOrm } from '../../shared/db/orm.js';
import { startWorkers } from '../../workers/main.js';
import { bearer, login, userWithPassword, PASSWORD } from '../helpers/identity.js';
import { createTestDatabase, startStack, testConfig, waitFor, type Stack } from '../helpers/stack.js';
import { exhaustLimit } from '../helpers/rate-limit.js';

/**
 * CONTRACT section 3 (password recovery and change): forgot-password always 202, a mail job with a
 * single-use token stored hashed and valid 30 minutes, reset revokes every session and unlocks,
 * change revokes every other session; section 10: the password routes' own limit.
 */

interface ReceivedMail { to: string[]; raw: string }
const inbox: ReceivedMail[] = [];
/** Runs before the server acknowledges a mail to that address, i.e. while the sender still waits for the reply to DATA. */
const beforeAck = new Map<string, (mail: ReceivedMail) => Promise<void>>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') };
      const hook = mail.to.map((to) => beforeAck.get(to)).find(Boolean);
      void (hook ? hook(mail) : Promise.resolve()).finally(() => {
        inbox.push(mail);
        callback();
      });
    });
  },
});

let stack: Stack;
test.before(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  stack = await startStack({
    workers: true,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, RATE_LIMIT_PASSWORD_MAX: '10000', RATE_LIMIT_LOGIN_MAX: '10000', LOCKOUT_THRESHOLD: '3' },
  });
});
test.after.always(async () => {
  await stack?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const NEW_PASSWORD = 'a-brand-new-passphrase-42';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack.orm.em.fork().execute<T[]>(query, params);
const post = (s: Stack, url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  s.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const signIn = (email: string, password: string) => post(stack, '/auth/login', { email, password });

/** The text of a received mail, quoted-printable undone. */
function bodyOf(mail: ReceivedMail): string {
  const [, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  return rest.join('\n\n').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const tokenIn = (mail: ReceivedMail) => {
  const token = /^([A-Za-z0-9_-]{43})$/m.exec(bodyOf(mail))?.[1];
  if (!token) throw new Error(`no token in the mail:\n${mail.raw}`);
  return token;
};

/** Asks for a reset through the API and reads the token out of the mail that reaches the user. */
async function resetTokenFor(email: string): Promise<{ token: string; mail: ReceivedMail }> {
  const seen = inbox.filter((m) => m.to.includes(email.toLowerCase())).length;
  const res = await post(stack, '/auth/forgot-password', { email });
  if (res.statusCode !== 202) throw new Error(`forgot-password: ${res.statusCode} ${res.body}`);
  const mail = await waitFor(async () => inbox.filter((m) => m.to.includes(email.toLowerCase()))[seen], `the reset mail to ${email}`);
  const token = tokenIn(mail);
  // The worker records the mail as sent (and starts the 30 minutes) once the server has accepted it.
  await waitFor(async () => (await sql(`select 1 from password_reset_tokens where token_hash = ? and sent_at is not null`, [sha256(token)])).length, 'the reset recorded as sent');
  return { token, mail };
}

// --- forgot-password ----------------------------------------------------------------------------

test('forgot-password answers 202 alike for a known and an unknown email, and only the known one queues a mail', async (t) => {
  // A database of its own, so the outbox holds only what this test causes.
  const quiet = await startStack({ env: { RATE_LIMIT_PASSWORD_MAX: '10000' } });
  try {
    const mailRows = async () => quiet.orm.em.fork().execute<{ payload: { kind: string; resetId: string } }[]>(`select payload from outbox where queue = 'mail' order by created_at`);
    const known = await userWithPassword(quiet.orm);
    const unknownRes = await post(quiet, '/auth/forgot-password', { email: `nobody-${Date.now()}@example.test` });
    t.is(unknownRes.statusCode, 202);
    t.deepEqual(await mailRows(), [], 'an unknown email queues nothing');
    const knownRes = await post(quiet, '/auth/forgot-password', { email: known.email.toUpperCase() });
    t.is(knownRes.statusCode, 202);

    const strip = (body: { meta: { requestId?: string } }) => ({ ...body, meta: { ...body.meta, requestId: undefined } });
    t.deepEqual(strip(knownRes.json()), strip(unknownRes.json()));
    t.deepEqual(knownRes.json().data, { status: 'accepted' });
    t.not(knownRes.json().meta.requestId, unknownRes.json().meta.requestId);

    const rows = await mailRows();
    t.is(rows.length, 1);
    const [reset] = await quiet.orm.em.fork().execute<{ id: string }[]>(`select id from password_reset_tokens where user_id = ?`, [known.id]);
    t.deepEqual(rows[0].payload, { kind: 'password_reset', resetId: reset.id }, 'the job carries an id, not the token');
  } finally {
    await quiet.close();
  }
});

test('the reset mail reaches the user and its token sets a new password: the old one stops working, the new one signs in', async (t) => {
  const user = await userWithPassword(stack.orm);
  const { token, mail } = await resetTokenFor(user.email);
  t.deepEqual(mail.to, [user.email.toLowerCase()]);
  t.regex(mail.raw, /^Subject: Reset your password/m);
  const res = await post(stack, '/auth/reset-password', { token, newPassword: NEW_PASSWORD });
  t.is(res.statusCode, 204);
  t.is(res.body, '');
  const old = await signIn(user.email, PASSWORD);
  t.is(old.statusCode, 401);
  t.is(old.json().error.code, 'INVALID_CREDENTIALS');
  t.is((await signIn(user.email, NEW_PASSWORD)).statusCode, 200);
});

test('the token already works while the mail is being handed over: a reader as fast as possible is not told it is invalid', async (t) => {
  const user = await userWithPassword(stack.orm);
  const outcome = new Promise<number>((resolve) => {
    beforeAck.set(user.email.toLowerCase(), async (mail) => {
      const res = await post(stack, '/auth/reset-password', { token: tokenIn(mail), newPassword: NEW_PASSWORD });
      resolve(res.statusCode);
    });
  });
  try {
    t.is((await post(stack, '/auth/forgot-password', { email: user.email })).statusCode, 202);
    t.is(await outcome, 204);
    t.is((await signIn(user.email, NEW_PASSWORD)).statusCode, 200);
  } finally {
    beforeAck.delete(user.email.toLowerCase());
  }
});

test('a reset token works only once: the second use answers 400 VALIDATION_ERROR on body.token', async (t) => {
  const user = await userWithPassword(stack.orm);
  const { token } = await resetTokenFor(user.email);
  t.is((await post(stack, '/auth/reset-password', { token, newPassword: NEW_PASSWORD })).statusCode, 204);
  const again = await post(stack, '/auth/reset-password', { token, newPassword: 'yet-another-passphrase-7' });
  t.is(again.statusCode, 400);
  t.is(again.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(again.json().error.details.map((d: { field: string }) => d.field), ['body.token']);
  t.is((await signIn(user.email, NEW_PASSWORD)).statusCode, 200, 'the refused second use changed nothing');
});

test('an expired reset token answers 400 VALIDATION_ERROR and leaves the password as it was', async (t) => {
  const user = await userWithPassword(stack.orm);
  const { token } = await resetTokenFor(user.email);
  await sql(`update password_reset_tokens set expires_at = now() - interval '1 second' where token_hash = ?`, [sha256(token)]);
  const res = await post(stack, '/auth/reset-password', { token, newPassword: NEW_PASSWORD });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(res.json().error.details.map((d: { field: string }) => d.field), ['body.token']);
  t.is((await signIn(user.email, PASSWORD)).statusCode, 200);
});

test('an unknown reset token answers 400 VALIDATION_ERROR on body.token', async (t) => {
  const res = await post(stack, '/auth/reset-password', { token: 'A'.repeat(43), newPassword: NEW_PASSWORD });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(res.json().error.details.map((d: { field: string }) => d.field), ['body.token']);
});

test('the database holds only the hash of the reset token, valid 30 minutes from sending', async (t) => {
  const user = await userWithPassword(stack.orm);
  const { token } = await resetTokenFor(user.email);
  const rows = await sql<{ token_hash: string; row: string; valid_for: number }>(
    `select token_hash, row_to_json(t)::text as row, extract(epoch from expires_at - sent_at)::int as valid_for from password_reset_tokens t where user_id = ?`,
    [user.id]);
  t.is(rows.length, 1);
  t.not(rows[0].token_hash, token);
  t.is(rows[0].token_hash, sha256(token));
  t.false(rows[0].row.includes(token));
  t.is(rows[0].valid_for, 30 * 60);
});

test('a reset token is not accepted with a password equal to the email, and stays usable', async (t) => {
  const user = await userWithPassword(stack.orm);
  const { token } = await resetTokenFor(user.email);
  const res = await post(stack, '/auth/reset-password', { token, newPassword: user.email.toUpperCase() });
  t.is(res.statusCode, 400);
  t.deepEqual(res.json().error.details.map((d: { field: string }) => d.field), ['body.newPassword']);
  t.is((await post(stack, '/auth/reset-password', { token, newPassword: NEW_PASSWORD })).statusCode, 204);
});

test('a reset ends every session: an access token from before answers 401 SESSION_REVOKED', async (t) => {
  const user = await userWithPassword(stack.orm);
  const a = await login(stack.app, user.email);
  const b = await login(stack.app, user.email);
  const { token } = await resetTokenFor(user.email);
  t.is((await post(stack, '/auth/reset-password', { token, newPassword: NEW_PASSWORD })).statusCode, 204);
  for (const session of [a, b]) {
    const res = await stack.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(session) });
    t.is(res.statusCode, 401);
    t.is(res.json().error.code, 'SESSION_REVOKED');
    const refreshed = await post(stack, '/auth/refresh', { refreshToken: session.refreshToken });
    t.is(refreshed.statusCode, 401);
    t.is(refreshed.json().error.code, 'INVALID_REFRESH_TOKEN');
  }
});

test('a reset unlocks a user locked by failed sign-ins', async (t) => {
  const user = await userWithPassword(stack.orm);
  for (let i = 0; i < 3; i++) t.is((await signIn(user.email, 'not-the-password-at-all')).statusCode, 401);
  const locked = await signIn(user.email, PASSWORD);
  t.is(locked.statusCode, 403);
  t.is(locked.json().error.code, 'ACCOUNT_NOT_ACTIVE');
  t.is((await sql<{ status: string }>(`select status from users where id = ?`, [user.id]))[0].status, 'locked');

  const { token } = await resetTokenFor(user.email);
  t.is((await post(stack, '/auth/reset-password', { token, newPassword: NEW_PASSWORD })).statusCode, 204);
  const [row] = await sql<{ status: string; failed_login_count: number; locked_until: Date | null }>(
    `select status, failed_login_count, locked_until from users where id = ?`, [user.id]);
  t.deepEqual(row, { status: 'active', failed_login_count: 0, locked_until: null });
  t.is((await signIn(user.email, NEW_PASSWORD)).statusCode, 200);
});

test('no password or reset token reaches the audit trail of a reset and a change', async (t) => {
  const user = await userWithPassword(stack.orm);
  const { token } = await resetTokenFor(user.email);
  t.is((await post(stack, '/auth/reset-password', { token, newPassword: NEW_PASSWORD })).statusCode, 204);
  const session = await login(stack.app, user.email, NEW_PASSWORD);
  const third = 'the-third-passphrase-of-this-user';
  t.is((await post(stack, '/auth/change-password', { currentPassword: NEW_PASSWORD, newPassword: third }, bearer(session))).statusCode, 204);

  const entries = await sql<{ action: string; entry: string }>(
    `select action, concat_ws(' ', actor, subject_type, subject_id, request_id, ip, summary::text) as entry from audit_entries where actor = ? or subject_id = ?`,
    [user.id, user.id]);
  const actions = new Set(entries.map((e) => e.action));
  for (const action of ['auth.password_reset_requested', 'mail.password_reset_sent', 'user.password_reset', 'user.password_change']) t.true(actions.has(action), action);
  const trail = entries.map((e) => e.entry).join('\n');
  for (const secret of [token, sha256(token), PASSWORD, NEW_PASSWORD, third, session.refreshToken]) t.false(trail.includes(secret));
});

// --- without SMTP -------------------------------------------------------------------------------

test('without SMTP_URL the mail job still completes and the token never reaches the log', async (t) => {
  const lines: string[] = [];
  const config = testConfig(await createTestDatabase(), { LOG_LEVEL: 'debug', RATE_LIMIT_PASSWORD_MAX: '10000' });
  t.is(config.SMTP_URL, undefined);
  const orm = await createOrm(config, 'test');
  const app = await buildApp({ config, orm, logDestination: { write: (line) => { lines.push(line); } } });
  const workers = await startWorkers({ config, orm, log: app.log as never });
  try {
    await app.ready();
    const user = await userWithPassword(orm);
    const res = await app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: user.email } });
    t.is(res.statusCode, 202);
    const [reset] = await orm.em.fork().execute<{ id: string }[]>(`select id from password_reset_tokens where user_id = ?`, [user.id]);
    const [outbox] = await orm.em.fork().execute<{ id: string }[]>(`select id from outbox where payload->>'resetId' = ?`, [reset.id]);
    await waitFor(async () => (await workers.queues.get('mail').getJobState(outbox.id)) === 'completed', 'the mail job to complete');
    const job = await workers.queues.get('mail').getJob(outbox.id);
    t.is(job?.returnvalue, 'sent');
    const [row] = await orm.em.fork().execute<{ sent_at: Date | null; token_hash: string | null }[]>(
      `select sent_at, token_hash from password_reset_tokens where id = ?`, [reset.id]);
    t.truthy(row.sent_at);
    t.truthy(row.token_hash);

    const log = lines.join('');
    t.true(lines.some((l) => JSON.parse(l).mailTo === user.email), 'the log records that a mail was due');
    // The token is never shown; any token-like string in the log must not be the one whose hash is stored.
    const candidates = log.match(/[A-Za-z0-9_-]{40,}/g) ?? [];
    for (const candidate of candidates) {
      for (let i = 0; i + 43 <= candidate.length; i++) t.not(sha256(candidate.slice(i, i + 43)), row.token_hash);
    }
    t.false(log.includes(row.token_hash!), 'not even the hash');
  } finally {
    await workers.close();
    await app.close();
    await orm.close();
  }
});

// --- change-password ----------------------------------------------------------------------------

const changePassword = (session: { token: string }, payload: object) => post(stack, '/auth/change-password', payload, bearer(session));

test('change-password with the current password answers 204; the new password signs in and the old one does not', async (t) => {
  const user = await userWithPassword(stack.orm);
  const session = await login(stack.app, user.email);
  const res = await changePassword(session, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
  t.is(res.statusCode, 204);
  t.is((await signIn(user.email, PASSWORD)).statusCode, 401);
  t.is((await signIn(user.email, NEW_PASSWORD)).statusCode, 200);
});

test('change-password with a wrong current password answers 401 INVALID_CREDENTIALS and changes nothing', async (t) => {
  const user = await userWithPassword(stack.orm);
  const session = await login(stack.app, user.email);
  const res = await changePassword(session, { currentPassword: 'not-the-password-at-all', newPassword: NEW_PASSWORD });
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'INVALID_CREDENTIALS');
  t.is((await signIn(user.email, PASSWORD)).statusCode, 200);
});

test('change-password refuses a new password equal to the email with 400 on body.newPassword', async (t) => {
  const user = await userWithPassword(stack.orm);
  const session = await login(stack.app, user.email);
  const res = await changePassword(session, { currentPassword: PASSWORD, newPassword: user.email });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(res.json().error.details.map((d: { field: string }) => d.field), ['body.newPassword']);
  t.is((await signIn(user.email, PASSWORD)).statusCode, 200);
});

test('change-password refuses a new password under 12 characters with 400 minLength on body.newPassword', async (t) => {
  const user = await userWithPassword(stack.orm);
  const session = await login(stack.app, user.email);
  const res = await changePassword(session, { currentPassword: PASSWORD, newPassword: 'elevenchars' });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  const details = res.json().error.details as { field: string; constraint: string }[];
  t.deepEqual(details.map(({ field, constraint }) => ({ field, constraint })), [{ field: 'body.newPassword', constraint: 'minLength' }]);
});

test('change-password ends every other session and the current one keeps working', async (t) => {
  const user = await userWithPassword(stack.orm);
  const current = await login(stack.app, user.email);
  const other = await login(stack.app, user.email);
  t.is((await changePassword(current, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).statusCode, 204);

  const mine = await stack.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(current) });
  t.is(mine.statusCode, 200);
  t.is((await post(stack, '/auth/refresh', { refreshToken: current.refreshToken })).statusCode, 200);

  const theirs = await stack.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(other) });
  t.is(theirs.statusCode, 401);
  t.is(theirs.json().error.code, 'SESSION_REVOKED');
  t.is((await post(stack, '/auth/refresh', { refreshToken: other.refreshToken })).json().error.code, 'INVALID_REFRESH_TOKEN');
});

// --- rate limit ---------------------------------------------------------------------------------

test.serial('forgot-password is limited per client IP: past RATE_LIMIT_PASSWORD_MAX a minute it answers 429 RATE_LIMITED', async (t) => {
  const tight = await startStack({ env: { RATE_LIMIT_PASSWORD_MAX: '2' } });
  try {
    const ip = '10.30.0.1';
    const attempt = () => post(tight, '/auth/forgot-password', { email: 'someone@example.test' }, {}, ip);
    await exhaustLimit(t, attempt, 2, 202);
    t.is((await post(tight, '/auth/forgot-password', { email: 'someone@example.test' }, {}, '10.30.0.2')).statusCode, 202, 'another address has its own count');
  } finally {
    await tight.close();
  }
});

test.serial('reset-password is limited per client IP like forgot-password', async (t) => {
  const tight = await startStack({ env: { RATE_LIMIT_PASSWORD_MAX: '2' } });
  try {
    const attempt = () => post(tight, '/auth/reset-password', { token: 'B'.repeat(43), newPassword: NEW_PASSWORD }, {}, '10.30.1.1');
    t.is((await attempt()).statusCode, 400);
    t.is((await attempt()).statusCode, 400);
    const limited = await attempt();
    t.is(limited.statusCode, 429);
    t.is(limited.json().error.code, 'RATE_LIMITED');
    t.true(Number(limited.headers['retry-after']) > 0);
  } finally {
    await tight.close();
  }
});
