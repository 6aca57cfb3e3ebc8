import { createHash } from 'node:crypto';
import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectNoContent, expectValidation } from '../../helpers/expect.js';
import { given, PASSWORD } from '../../helpers/given.js';
import { challenge, codeAt, withMfa } from '../../helpers/mfa.js';
import { type ReceivedMail, smtpInbox } from '../../helpers/smtp-inbox.js';
import { type Stack, startStack, waitFor } from '../../helpers/stack.js';

/**
 * Password recovery: forgot-password always 202, a mail job with a single-use
 * token stored hashed and valid 30 minutes, reset revokes every session and unlocks. A local SMTP
 * server receives the mails the workers send.
 */

/** Runs before the server acknowledges a mail to that address, i.e. while the sender still waits for the reply to DATA. */
const beforeAck = new Map<string, (mail: ReceivedMail) => Promise<void>>();
let smtp: Awaited<ReturnType<typeof smtpInbox>>;
let inbox: ReceivedMail[];

let stack: Stack;
let api: Api;
test.before(async () => {
  smtp = await smtpInbox({ beforeAck });
  inbox = smtp.mails;
  stack = await startStack({
    workers: true,
    env: {
      SMTP_URL: smtp.url,
      RATE_LIMIT_PASSWORD_MAX: '10000',
      RATE_LIMIT_LOGIN_MAX: '10000',
      LOCKOUT_THRESHOLD: '3',
    },
  });
  api = client(stack.app);
});
test.after.always(async () => {
  await stack?.close();
  await smtp?.close();
});

const NEW_PASSWORD = 'a-brand-new-passphrase-42';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const signIn = (email: string, password: string) => api.post('/auth/login', { email, password });
const reset = (token: string, newPassword = NEW_PASSWORD) => api.post('/auth/reset-password', { token, newPassword });

/** The text of a received mail, quoted-printable undone. */
function bodyOf(mail: ReceivedMail): string {
  const [, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  return rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The token of the reset link, on a line of its own: APP_BASE_URL (default) and the reset page. */
const tokenIn = (mail: ReceivedMail) => {
  const token = /^http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]{43})\r?$/m.exec(bodyOf(mail))?.[1];
  if (!token) throw new Error(`no token in the mail:\n${mail.raw}`);
  return token;
};

/** Asks for a reset through the API and reads the token out of the mail that reaches the user. */
async function resetTokenFor(email: string): Promise<{ token: string; mail: ReceivedMail }> {
  const seen = inbox.filter((m) => m.to.includes(email.toLowerCase())).length;
  const res = await api.post('/auth/forgot-password', { email });
  if (res.statusCode !== 202) throw new Error(`forgot-password: ${res.statusCode} ${res.body}`);
  const mail = await waitFor(
    async () => inbox.filter((m) => m.to.includes(email.toLowerCase()))[seen],
    `the reset mail to ${email}`,
  );
  const token = tokenIn(mail);
  // The worker records the mail as sent (and starts the 30 minutes) once the server has accepted it.
  await waitFor(
    async () =>
      (await sql(`select 1 from password_reset_tokens where token_hash = ? and sent_at is not null`, [sha256(token)]))
        .length,
    'the reset recorded as sent',
  );
  return { token, mail };
}

// ---- Forgot-password ----

test('forgot-password does the same work for a known and an unknown email: same answer, one request row, one job, one audit entry naming no user', async (t) => {
  // A database of its own, so the outbox and the audit trail hold only what this test causes.
  const quiet = await startStack({ env: { RATE_LIMIT_PASSWORD_MAX: '10000' } });
  try {
    const local = sqlOn(quiet);
    const known = await given.account(quiet);
    const nobody = `Nobody-${Date.now()}@example.test`;
    const unknownRes = await client(quiet.app).post('/auth/forgot-password', { email: nobody });
    const knownRes = await client(quiet.app).post('/auth/forgot-password', { email: known.email.toUpperCase() });
    t.deepEqual(expectData(t, knownRes, 202), { status: 'accepted' });
    const strip = (body: { meta: { requestId?: string } }) => ({
      ...body,
      meta: { ...body.meta, requestId: undefined },
    });
    t.deepEqual(strip(knownRes.json()), strip(unknownRes.json()));
    t.deepEqual(Object.keys(knownRes.headers).sort(), Object.keys(unknownRes.headers).sort());

    // Both left the same trace: a request row (normalised email), a mail job carrying its id, an audit entry naming the request.
    const requests = await local(`select id, email from password_reset_requests order by created_at`);
    t.deepEqual(
      requests.map((r) => r.email),
      [nobody.toLowerCase(), known.email.toLowerCase()],
    );
    const jobs = await local(`select payload from outbox where queue = 'mail' order by created_at`);
    t.deepEqual(
      jobs.map((j) => ({
        ...j.payload,
        trace: { ...j.payload.trace, traceparent: typeof j.payload.trace.traceparent },
      })),
      requests.map((r, i) => ({
        kind: 'password_reset_request',
        requestId: r.id,
        // The ids of the request that asked, which the worker's log lines and audit entries carry, and its trace context.
        trace: { requestId: [unknownRes, knownRes][i].headers['x-request-id'], traceparent: 'string' },
      })),
    );
    const audit = await local(
      `select action, subject_type, subject_id from audit_entries where action = 'auth.password_reset_requested' order by commit_seq`,
    );
    t.deepEqual(
      audit,
      requests.map((r) => ({
        action: 'auth.password_reset_requested',
        subject_type: 'password_reset_request',
        subject_id: r.id,
      })),
    );
    t.deepEqual(await local(`select id from password_reset_tokens`), [], 'the request itself looks nobody up');
  } finally {
    await quiet.close();
  }
});

test('the worker sends the mail for a known email only; an unknown one ends with nothing sent', async (t) => {
  const user = await given.account(stack);
  const { token } = await resetTokenFor(user.email);
  t.truthy(token);
  const stranger = `stranger-${Date.now()}@example.test`;
  expectData(t, await api.post('/auth/forgot-password', { email: stranger }), 202);
  await waitFor(
    async () =>
      (await sql(`select 1 from password_reset_requests where email = ? and handled_at is not null`, [stranger]))
        .length,
    'the unknown request handled',
  );
  t.false(inbox.some((m) => m.to.includes(stranger)));
});

test('the reset mail reaches the user and its token sets a new password: the old one stops working, the new one signs in', async (t) => {
  const user = await given.account(stack);
  const { token, mail } = await resetTokenFor(user.email);
  t.deepEqual(mail.to, [user.email.toLowerCase()]);
  t.regex(mail.raw, /^Subject: Reset your password/m);
  expectNoContent(t, await reset(token));
  expectError(t, await signIn(user.email, PASSWORD), 401, 'INVALID_CREDENTIALS');
  expectData(t, await signIn(user.email, NEW_PASSWORD));
});

test('the token already works while the mail is being handed over: a reader as fast as possible is not told it is invalid', async (t) => {
  const user = await given.account(stack);
  const outcome = new Promise<number>((resolve) => {
    beforeAck.set(user.email.toLowerCase(), async (mail) => resolve((await reset(tokenIn(mail))).statusCode));
  });
  try {
    expectData(t, await api.post('/auth/forgot-password', { email: user.email }), 202);
    t.is(await outcome, 204);
    expectData(t, await signIn(user.email, NEW_PASSWORD));
  } finally {
    beforeAck.delete(user.email.toLowerCase());
  }
});

test('a reset token works only once: the second use answers 400 VALIDATION_ERROR on body.token', async (t) => {
  const user = await given.account(stack);
  const { token } = await resetTokenFor(user.email);
  expectNoContent(t, await reset(token));
  expectValidation(t, await reset(token, 'yet-another-passphrase-7'), ['body.token']);
  expectData(t, await signIn(user.email, NEW_PASSWORD), 200, 'the refused second use changed nothing');
});

test('an expired reset token answers 400 VALIDATION_ERROR and leaves the password as it was', async (t) => {
  const user = await given.account(stack);
  const { token } = await resetTokenFor(user.email);
  await sql(`update password_reset_tokens set expires_at = now() - interval '1 second' where token_hash = ?`, [
    sha256(token),
  ]);
  expectValidation(t, await reset(token), ['body.token']);
  expectData(t, await signIn(user.email, PASSWORD));
});

test('an unknown reset token answers 400 VALIDATION_ERROR on body.token', async (t) => {
  expectValidation(t, await reset('A'.repeat(43)), ['body.token']);
});

test('the database holds only the hash of the reset token, valid 30 minutes from sending', async (t) => {
  const user = await given.account(stack);
  const { token } = await resetTokenFor(user.email);
  const rows = await sql(
    `select token_hash, row_to_json(t)::text as row, extract(epoch from expires_at - sent_at)::int as valid_for from password_reset_tokens t where user_id = ?`,
    [user.id],
  );
  t.is(rows.length, 1);
  t.not(rows[0].token_hash, token);
  t.is(rows[0].token_hash, sha256(token));
  t.false(rows[0].row.includes(token));
  t.is(rows[0].valid_for, 30 * 60);
});

test('a reset token is not accepted with a password equal to the email, and stays usable', async (t) => {
  const user = await given.account(stack);
  const { token } = await resetTokenFor(user.email);
  expectValidation(t, await reset(token, user.email.toUpperCase()), ['body.newPassword']);
  expectNoContent(t, await reset(token));
});

test('a reset ends every session: an access token from before answers 401 SESSION_REVOKED', async (t) => {
  const user = await given.account(stack);
  const a = await given.login(stack, user);
  const b = await given.login(stack, user);
  const { token } = await resetTokenFor(user.email);
  expectNoContent(t, await reset(token));
  for (const session of [a, b]) {
    expectError(t, await api.as(session).get('/auth/me'), 401, 'SESSION_REVOKED');
    expectError(
      t,
      await api.post('/auth/refresh', { refreshToken: session.refreshToken }),
      401,
      'INVALID_REFRESH_TOKEN',
    );
  }
});

test('a reset ends an outstanding MFA sign-in: its mfaToken no longer completes into a session', async (t) => {
  const user = await withMfa(stack);
  const mfaToken = await challenge(stack, user);
  const { token } = await resetTokenFor(user.email);
  expectNoContent(t, await reset(token));
  expectError(t, await api.post('/auth/login', { mfaToken, code: codeAt(user.secret, 1) }), 401, 'INVALID_CREDENTIALS');
});

test("a reset clears the email's lockout count: the new password then signs in without a device token", async (t) => {
  const user = await given.account(stack);
  for (let i = 0; i < 3; i++)
    expectError(t, await signIn(user.email, 'not-the-password-at-all'), 401, 'INVALID_CREDENTIALS');
  expectError(t, await signIn(user.email, PASSWORD), 429, 'RATE_LIMITED', { reason: 'too_many_failed_sign_ins' });
  const { token } = await resetTokenFor(user.email);
  expectNoContent(t, await reset(token));
  t.deepEqual(await sql(`select * from sign_in_failures where email = ?`, [user.email.toLowerCase()]), []);
  expectData(t, await signIn(user.email, NEW_PASSWORD));
});

test('no password or reset token reaches the audit trail of a reset and a change', async (t) => {
  const user = await given.account(stack);
  const { token } = await resetTokenFor(user.email);
  expectNoContent(t, await reset(token));
  const session = await given.login(stack, user, { password: NEW_PASSWORD });
  const third = 'the-third-passphrase-of-this-user';
  expectNoContent(
    t,
    await api.as(session).post('/auth/change-password', { currentPassword: NEW_PASSWORD, newPassword: third }),
  );

  const entries = await sql(
    `select action, concat_ws(' ', actor, subject_type, subject_id, request_id, ip, summary::text) as entry from audit_entries where actor = ? or subject_id = ?`,
    [user.id, user.id],
  );
  const actions = new Set(entries.map((e) => e.action));
  for (const action of [
    'auth.password_reset_created',
    'mail.password_reset_sent',
    'user.password_reset',
    'user.password_change',
  ])
    t.true(actions.has(action), action);
  const trail = entries.map((e) => e.entry).join('\n');
  for (const secret of [token, sha256(token), PASSWORD, NEW_PASSWORD, third, session.refreshToken])
    t.false(trail.includes(secret));
});
