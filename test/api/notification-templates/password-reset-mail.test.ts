import test, { type ExecutionContext } from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectNoContent } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type ReceivedMail, smtpInbox } from '../../helpers/smtp-inbox.js';
import { type Stack, startStack, waitFor } from '../../helpers/stack.js';

/**
 * The password reset mail the worker sends renders the published `password_reset` email template of
 * the user's locale (else of its language), with the built-in text when none is published. The token
 * reaches the mail only inside the link the service builds from APP_BASE_URL. A local SMTP server
 * receives the mails.
 */
let smtp: Awaited<ReturnType<typeof smtpInbox>>;
let inbox: ReceivedMail[];

let stack: Stack;
let api: Api;
let writer: SignedIn;
test.before(async () => {
  smtp = await smtpInbox();
  inbox = smtp.mails;
  stack = await startStack({
    workers: true,
    env: {
      SMTP_URL: smtp.url,
      RATE_LIMIT_PASSWORD_MAX: '10000',
      APP_BASE_URL: 'https://app.example.test/office/',
    },
  });
  api = client(stack.app);
  writer = await given.user(stack, {
    // Templates are platform-wide: writing them takes data scope all.
    permissions: ['notification_template:read', 'notification_template:write', 'data:scope:all'],
  });
});
test.after.always(async () => {
  await stack?.close();
  await smtp?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);

/** Subject and text of a received mail, quoted-printable undone. */
function read(mail: ReceivedMail): { subject: string; text: string } {
  const [head, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const text = rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\r\n/g, '\n');
  return { subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '', text };
}

/** A user of `locale` who asks for a reset; the mail that reaches them. */
async function resetMailIn(locale: string) {
  const user = await given.account(stack, { name: 'Amani Otieno' });
  await sql(`update users set locale = ? where id = ?`, [locale, user.id]);
  const res = await api.post('/auth/forgot-password', { email: user.email });
  if (res.statusCode !== 202) throw new Error(`forgot-password: ${res.statusCode} ${res.body}`);
  const mail = await waitFor(async () => inbox.find((m) => m.to.includes(user.email.toLowerCase())), 'the reset mail');
  return { user, ...read(mail) };
}

const publish = async (t: ExecutionContext, locale: string, subject: string, body: string, key = 'password_reset') => {
  const draft = expectData(
    t,
    await api.as(writer).post('/notification-templates', { key, channel: 'email', locale, subject, body }),
    201,
  );
  return expectData(t, await api.as(writer).post(`/notification-templates/${draft.id}/publish`), 201);
};

/** The reset link on a line of its own: APP_BASE_URL (its trailing slash dropped), the page, the token. */
const RESET_LINK = /^https:\/\/app\.example\.test\/office\/reset-password\?token=([A-Za-z0-9_-]{43})$/m;
const SET_PASSWORD_LINK = /^https:\/\/app\.example\.test\/office\/set-password\?token=([A-Za-z0-9_-]{43})$/m;

/** The summary of the audit entry the worker writes once the mail to `userId` has gone. */
const sentAudit = (userId: string) =>
  waitFor(
    async () =>
      (
        await sql(`select summary from audit_entries where action = 'mail.password_reset_sent' and subject_id = ?`, [
          userId,
        ])
      )[0]?.summary,
    'the mail recorded as sent',
  );

test("the reset mail renders the published password_reset template of the user's locale, and its token resets the password", async (t) => {
  const template = await publish(
    t,
    'sw',
    'Weka upya nenosiri, {{name}}',
    'Habari {{ name }} ({{email}}),\n\nFungua kiungo hiki ndani ya dakika {{expiresInMinutes}}:\n\n{{resetUrl}}\n',
  );
  const { user, subject, text } = await resetMailIn('sw');
  t.is(subject, 'Weka upya nenosiri, Amani Otieno');
  t.deepEqual(await sentAudit(user.id), { purpose: 'reset', templateId: template.id });
  t.true(text.startsWith(`Habari Amani Otieno (${user.email}),`), text);
  t.true(text.includes('ndani ya dakika 30:'), text);
  t.false(text.includes('{{'), 'every placeholder filled');
  const token = RESET_LINK.exec(text)?.[1];
  t.truthy(token, text);
  expectNoContent(t, await api.post('/auth/reset-password', { token, newPassword: 'a-brand-new-passphrase-42' }));
  expectData(t, await api.post('/auth/login', { email: user.email, password: 'a-brand-new-passphrase-42' }));
});

test("without a template of the user's exact locale the mail uses its language's (fr for fr-CA)", async (t) => {
  await publish(t, 'fr', 'Reinitialiser le mot de passe', 'Bonjour {{name}},\n\n{{resetUrl}}\n');
  const { subject, text } = await resetMailIn('fr-CA');
  t.is(subject, 'Reinitialiser le mot de passe');
  t.true(text.startsWith('Bonjour Amani Otieno,'), text);
  t.regex(text, RESET_LINK);
});

test('the exact locale wins over its language, and the newest published version is the one used', async (t) => {
  await publish(t, 'pt', 'Language only', 'Language {{resetUrl}}');
  await publish(t, 'pt-BR', 'Old version', 'Old\n{{resetUrl}}\n');
  await publish(t, 'pt-BR', 'Redefinir senha', 'Ola {{name}}\n{{resetUrl}}\n');
  const { subject } = await resetMailIn('pt-BR');
  t.is(subject, 'Redefinir senha');
});

test('with only a draft or an archived template of the locale, the mail is the built-in text', async (t) => {
  const draft = expectData(
    t,
    await api.as(writer).post('/notification-templates', {
      key: 'password_reset',
      channel: 'email',
      locale: 'de',
      subject: 'Entwurf',
      body: 'Entwurf {{resetUrl}}',
    }),
    201,
  );
  const archived = await publish(t, 'de', 'Archiviert', 'Archiviert {{resetUrl}}');
  expectData(t, await api.as(writer).post(`/notification-templates/${archived.id}/archive`));
  t.is(draft.status, 'draft');
  const { user, subject, text } = await resetMailIn('de');
  t.is(subject, 'Reset your password');
  t.deepEqual(await sentAudit(user.id), { purpose: 'reset', templateId: null }, 'the built-in text');
  t.true(text.startsWith('Hello Amani Otieno,'), text);
  t.true(text.includes('within 30 minutes'), text);
  t.regex(text, RESET_LINK, 'the built-in text has the link too');
});

test('a user created without a password gets the published set_password template of their locale', async (t) => {
  await publish(
    t,
    'it',
    'Il tuo nuovo account',
    'Ciao {{name}}, scegli la password:\n{{setPasswordUrl}}\n',
    'set_password',
  );
  // A password_reset template of the locale is not the one for a new account.
  await publish(t, 'it', 'Reimposta la password', 'Reimposta {{resetUrl}}');
  const admin = await given.admin(stack);
  const email = `new-${Date.now()}@example.test`;
  expectData(t, await api.as(admin).post('/users', { email, name: 'Giulia Rossi', locale: 'it' }), 201);
  const mail = read(await waitFor(async () => inbox.find((m) => m.to.includes(email)), 'the set-password mail'));
  t.is(mail.subject, 'Il tuo nuovo account');
  t.true(mail.text.startsWith('Ciao Giulia Rossi, scegli la password:'), mail.text);
  const token = SET_PASSWORD_LINK.exec(mail.text)?.[1];
  t.truthy(token, mail.text);
  // The set-password page sends the token to the same endpoint.
  expectNoContent(t, await api.post('/auth/reset-password', { token, newPassword: 'giulia-chose-this-one-7' }));
});

test('a template published before the rules, with {{token}} or a foreign link, is never used: the mail is the built-in text', async (t) => {
  for (const [locale, body] of [
    ['nl', 'Stuur {{token}} naar ons'],
    ['nl-BE', 'Herstel via https://evil.example/r'],
  ]) {
    const template = await publish(t, locale, 'Herstel', 'Herstel {{resetUrl}}');
    await sql(`update notification_templates set body = ? where id = ?`, [body, template.id]);
    const { user, subject, text } = await resetMailIn(locale);
    t.is(subject, 'Reset your password', body);
    t.false(text.includes('Stuur') || text.includes('evil'), text);
    t.regex(text, RESET_LINK);
    t.deepEqual(await sentAudit(user.id), { purpose: 'reset', templateId: null, refusedTemplateId: template.id });
  }
});
