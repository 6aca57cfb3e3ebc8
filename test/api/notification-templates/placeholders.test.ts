import test, { type ExecutionContext } from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/**
 * Each template key has its own placeholders, served by GET /notification-templates/placeholders and
 * described in the OpenAPI document; any other (`{{token}}` included) answers 400 at create, PATCH
 * and publish. (The link rules: template-links.test.ts.)
 */
let stack: Stack;
let api: Api;
let writer: SignedIn;
let reader: SignedIn;
let nobody: SignedIn;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  writer = await given.user(stack, {
    // Templates are platform-wide: writing them takes data scope all.
    permissions: ['notification_template:read', 'notification_template:write', 'data:scope:all'],
  });
  reader = await given.user(stack, { permissions: ['notification_template:read'] });
  nobody = await given.user(stack, { permissions: ['claim:read'] });
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
let next = 0;
const freshLocale = () =>
  `p${String.fromCharCode(97 + Math.floor(next / 26))}${String.fromCharCode(97 + (next++ % 26))}`;
const EMAIL = {
  key: 'password_reset',
  channel: 'email',
  subject: 'Reset for {{name}}',
  body: 'Hello {{name}}, reset your password at {{resetUrl}} within {{ expiresInMinutes }} minutes.',
};
const create = async (t: ExecutionContext, extra: Record<string, unknown> = {}) =>
  expectData(
    t,
    await api.as(writer).post('/notification-templates', { ...EMAIL, locale: freshLocale(), ...extra }),
    201,
  );
const act = (id: string, action: 'publish') => api.as(writer).post(`/notification-templates/${id}/${action}`);

test('create and PATCH check placeholders against the key: unknown ones answer 400 naming them, and nothing is written', async (t) => {
  const locale = freshLocale();
  const details = expectValidation(
    t,
    await api.as(writer).post('/notification-templates', {
      ...EMAIL,
      locale,
      subject: 'Hi {{firstName}}',
      body: 'Open {{resetUrl}} for {{ name }}, {{iban}} {{iban}}',
    }),
    { 'body.subject': 'knownPlaceholders', 'body.body': 'knownPlaceholders' },
  );
  t.regex(details.find((d) => d.field === 'body.subject')!.message, /\{\{firstName\}\}/);
  const body = details.find((d) => d.field === 'body.body')!.message;
  t.regex(body, /unknown placeholders \{\{iban\}\};/);
  t.regex(body, /password_reset knows \{\{name\}\}, \{\{email\}\}, \{\{resetUrl\}\}, \{\{expiresInMinutes\}\}/);
  t.deepEqual(await sql(`select id from notification_templates where locale = ?`, [locale]), []);
  // Every known placeholder of the key is accepted.
  const draft = await create(t, {
    subject: 'Hi {{name}} <{{email}}>',
    body: 'Open {{ resetUrl }} within {{expiresInMinutes}} minutes',
  });
  expectValidation(t, await api.as(writer).patch(`/notification-templates/${draft.id}`, { body: 'Use {{code}}' }), {
    'body.body': 'knownPlaceholders',
  });
  t.is(expectData(t, await api.as(reader).get(`/notification-templates/${draft.id}`)).body, draft.body);
  expectData(t, await act(draft.id, 'publish'), 201);
  // set_password supplies its own link, not the reset's.
  expectValidation(
    t,
    await api.as(writer).post('/notification-templates', {
      key: 'set_password',
      channel: 'sms',
      locale: freshLocale(),
      body: 'Choose it at {{resetUrl}}',
    }),
    { 'body.body': 'knownPlaceholders' },
  );
  await create(t, { key: 'set_password', channel: 'sms', subject: undefined, body: 'Choose it at {{setPasswordUrl}}' });
});

test('publish checks the text again: a draft stored before the rules, with {{token}} or a foreign link, answers 400 and stays a draft', async (t) => {
  const stale = async (subject: string, body: string) => {
    const draft = await create(t);
    await sql(`update notification_templates set subject = ?, body = ? where id = ?`, [subject, body, draft.id]);
    return draft.id;
  };
  const withToken = await stale('Reset', 'Your token: {{token}}');
  expectValidation(t, await act(withToken, 'publish'), { 'body.body': 'knownPlaceholders' });
  const withLink = await stale('Reset at https://evil.example/r', 'Open {{resetUrl}}');
  expectValidation(t, await act(withLink, 'publish'), { 'body.subject': 'linkHosts' });
  const glued = await stale('Reset', 'https://evil.example/r?next={{resetUrl}}');
  expectValidation(t, await act(glued, 'publish'), ['body.body', 'body.body']);
  for (const id of [withToken, withLink, glued])
    t.is(expectData(t, await api.as(reader).get(`/notification-templates/${id}`)).status, 'draft');
});

test('the credential link may not go in the subject, where logs and mail previews show it', async (t) => {
  expectValidation(
    t,
    await api
      .as(writer)
      .post('/notification-templates', { ...EMAIL, locale: freshLocale(), subject: 'Open {{resetUrl}}' }),
    { 'body.subject': 'secretPlaceholder' },
  );
});

test('GET /notification-templates/placeholders lists every key with its placeholders, and there is no {{token}}', async (t) => {
  const keys = expectData(t, await api.as(reader).get('/notification-templates/placeholders'));
  t.deepEqual(
    keys.map((k: any) => [k.key, k.placeholders.map((p: any) => p.name)]),
    [
      ['password_reset', ['name', 'email', 'resetUrl', 'expiresInMinutes']],
      ['set_password', ['name', 'email', 'setPasswordUrl', 'expiresInMinutes']],
      ['premium_overdue', ['holderName', 'policyNumber', 'dueOn', 'amountDue', 'lapsesAfter']],
    ],
  );
  for (const key of keys) {
    t.truthy(key.description);
    for (const placeholder of key.placeholders) t.truthy(placeholder.description, placeholder.name);
  }
  t.regex(keys[0].placeholders[2].description, /reset-password\?token=/);
  expectError(t, await api.as(nobody).get('/notification-templates/placeholders'), 403, 'FORBIDDEN');
  // The operations that check a text say which placeholders each key has.
  const doc = (await api.get('/openapi.json')).json();
  for (const [path, method] of [
    ['/notification-templates', 'post'],
    ['/notification-templates/{id}', 'patch'],
    ['/notification-templates/{id}/publish', 'post'],
  ])
    t.regex(
      doc.paths[path][method].description,
      /password_reset: \{\{name\}\}.*\{\{resetUrl\}\}.*set_password: .*\{\{setPasswordUrl\}\}/s,
    );
});
