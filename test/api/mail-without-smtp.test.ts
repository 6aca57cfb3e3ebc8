import test from 'ava';
import { pino } from 'pino';
import { buildApp } from '../../api/app.js';
import { warnWhenMailNotConfigured } from '../../shared/domain/mail/delivery.js';
import { createMailTransport } from '../../shared/domain/mail/transport.js';
import { createOrm } from '../../shared/domains.js';
import { startWorkers } from '../../workers/main.js';
import { client } from '../helpers/client.js';
import { sqlOn } from '../helpers/db.js';
import { expectData, expectError } from '../helpers/expect.js';
import { given } from '../helpers/given.js';
import { createTestDatabase, type Stack, startStack, testConfig, waitFor } from '../helpers/stack.js';
import { newEmail } from '../helpers/through-api.js';

/**
 * Mail without SMTP_URL. In development the whole mail goes to the log, so a user created without a
 * password can set one; anywhere else no body is ever logged. In production the service says mail is
 * not configured (/health) and refuses to create a user nobody could open (422).
 */

let production: Stack;
test.before(async () => {
  production = await startStack({ env: { NODE_ENV: 'production' } });
});
test.after.always(async () => {
  await production?.close();
});

test('in development without SMTP_URL the whole set-password mail goes to the log, and its token sets the password', async (t) => {
  const lines: string[] = [];
  const config = testConfig(await createTestDatabase(), { NODE_ENV: 'development', LOG_LEVEL: 'info' });
  t.is(config.SMTP_URL, undefined);
  const orm = await createOrm(config, 'test');
  const app = await buildApp({ config, orm, logDestination: { write: (line) => void lines.push(line) } });
  try {
    await app.ready();
    const workers = await startWorkers({ config, orm, log: app.log as never });
    try {
      const api = client(app);
      const admin = await given.admin({ app, orm });
      const email = newEmail('dev-mail');
      const user = expectData(t, await api.as(admin).post('/users', { email, name: 'Achieng Otieno' }), 201);
      t.is(expectData(t, await client(app).get('/health'), 200).mail.status, 'log');
      const entry = await waitFor(
        async () =>
          lines.map((l) => JSON.parse(l)).find((l) => l.mail?.to === email) as
            | { level: number; mail: { to: string; subject: string; text: string } }
            | undefined,
        'the mail in the log',
      );
      t.is(entry.level, 30, 'at info');
      t.is(entry.mail.subject, 'Set your password');
      t.regex(entry.mail.text, /Hello Achieng Otieno/);
      // The link the set-password page of APP_BASE_URL answers; its token is what POST /auth/reset-password takes.
      const token = /\n\nhttp:\/\/localhost:3000\/set-password\?token=([A-Za-z0-9_-]{43})\n\n/.exec(
        entry.mail.text,
      )?.[1];
      t.truthy(token, 'the link with the token is in the logged body');
      const newPassword = 'chosen-from-the-log-1';
      const reset = await client(app).post('/auth/reset-password', { token, newPassword });
      t.is(reset.statusCode, 204, reset.body);
      // The password is now the one chosen: the sign-in gets past it (the pending account awaits activation).
      expectError(t, await api.post('/auth/login', { email, password: newPassword }), 403, 'ACCOUNT_NOT_ACTIVE');
      const [row] = await sqlOn({ orm })(`select password_hash from users where id = ?`, [user.id]);
      t.truthy(row.password_hash);
    } finally {
      await workers.close();
    }
  } finally {
    await app.close();
    await orm.close();
  }
});

test('outside development a mail sent without SMTP_URL logs recipient and subject, never the body', async (t) => {
  for (const NODE_ENV of ['test', 'production'] as const) {
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const config = { ...testConfig('unused', { NODE_ENV }), SMTP_URL: undefined };
    const transport = createMailTransport(config, log);
    await transport.send({ to: 'someone@example.test', subject: 'Reset your password', text: 'SECRET-TOKEN-xyz' });
    transport.close();
    t.is(lines.length, 1, NODE_ENV);
    t.like(JSON.parse(lines[0]), { mailTo: 'someone@example.test', subject: 'Reset your password' }, NODE_ENV);
    t.false(lines[0].includes('SECRET-TOKEN-xyz'), NODE_ENV);
  }
});

test('in production a process warns at start while APP_BASE_URL is left at its default, since the mails would link to localhost', (t) => {
  const warnings = (env: Record<string, string>) => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    warnWhenMailNotConfigured(testConfig('unused', { SMTP_URL: 'smtp://127.0.0.1:1', ...env }), log);
    return lines.map((l) => JSON.parse(l).msg as string);
  };
  const [warning, ...more] = warnings({ NODE_ENV: 'production' });
  t.regex(
    warning,
    /APP_BASE_URL is not set: the links of password reset and set-password mails lead to http:\/\/localhost:3000/,
  );
  t.deepEqual(more, []);
  t.deepEqual(warnings({ NODE_ENV: 'production', APP_BASE_URL: 'https://backoffice.example.test' }), []);
  t.deepEqual(warnings({ NODE_ENV: 'development' }), [], 'the default is right on a developer machine');
});

test('in production without SMTP_URL /health shows mail as not configured, and readiness does not depend on it', async (t) => {
  const health = expectData(t, await client(production.app).get('/health'), 200);
  t.is(health.status, 'ok', 'mail does not make the service degraded');
  t.is(health.mail.status, 'not_configured');
  t.regex(health.mail.message, /SMTP_URL/);
  t.is(expectData(t, await client(production.app).get('/health/ready'), 200).status, 'ready');
});

test('with SMTP_URL /health shows mail going through SMTP', async (t) => {
  const config = testConfig(production.database, { SMTP_URL: 'smtp://127.0.0.1:1' });
  const orm = await createOrm(config, 'test');
  const app = await buildApp({ config, orm, logger: false });
  try {
    await app.ready();
    t.deepEqual(expectData(t, await client(app).get('/health'), 200).mail, { status: 'smtp' });
  } finally {
    await app.close();
    await orm.close();
  }
});

test('in production without SMTP_URL a user created without a password answers 422 and nothing is created', async (t) => {
  const admin = await given.admin(production);
  const email = newEmail('no-mail');
  const error = expectError(
    t,
    await client(production.app).as(admin).post('/users', { email, name: 'Nobody Could Open' }),
    422,
    'INVARIANT_VIOLATION',
  );
  t.regex(error.message, /mail is not configured/i);
  t.regex(error.message, /password/);
  t.deepEqual(error.details, [
    { field: 'body.password', message: 'is required while mail is not configured', constraint: 'required' },
  ]);
  const rows = await sqlOn(production)(`select id from users where lower(email) = lower(?)`, [email]);
  t.is(rows.length, 0);
  const created = expectData(
    t,
    await client(production.app)
      .as(admin)
      .post('/users', { email, name: 'Opens With A Password', password: 'a-long-enough-password' }),
    201,
    'with a password the user is created',
  );
  t.is(created.email, email);
});
