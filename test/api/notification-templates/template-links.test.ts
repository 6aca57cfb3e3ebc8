import test, { type ExecutionContext } from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectValidation } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/**
 * Whoever may write templates must not be able to carry the reset link's token away: there is no
 * {{token}}, {{resetUrl}} stands alone, and every other link or address leads to an allowed host
 * (MAIL_LINK_HOSTS, by default the host of APP_BASE_URL), read as a reader sees it. Each attack is
 * refused at create, at PATCH and at publish.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s), { env: { APP_BASE_URL: 'https://app.example.test/office' } });

// Another stack, naming the hosts links may lead to.
let named: Stack;
let namedApi: Api;
let namedAdmin: SignedIn;
test.before(async () => {
  named = await startStack({ env: { MAIL_LINK_HOSTS: 'help.example.test, Status.Example.test' } });
  namedApi = client(named.app);
  namedAdmin = await given.admin(named);
});
test.after.always(async () => {
  await named?.close();
});

let next = 0;
const freshLocale = () =>
  `l${String.fromCharCode(97 + Math.floor(next / 26))}${String.fromCharCode(97 + (next++ % 26))}`;
const template = (body: string, subject = 'Reset your password') => ({
  key: 'password_reset',
  channel: 'email',
  locale: freshLocale(),
  subject,
  body,
});
const READY = 'Hello {{name}},\n\nOpen {{resetUrl}} within {{expiresInMinutes}} minutes.';

const ATTACKS: [string, string, Record<string, string> | string[]][] = [
  ['the old link with {{token}}', 'Reset at evil.example/r?t={{token}}', ['body.body', 'body.body']],
  ['reply with the token', 'Reply to this mail with {{token}} to reset', { 'body.body': 'knownPlaceholders' }],
  ['the link inside another link', 'https://evil.example/r?next={{resetUrl}}', ['body.body', 'body.body']],
  ['a domain with a path, no scheme', `${READY} Or use evil.example/r`, { 'body.body': 'linkHosts' }],
  ['www.', `${READY} More at www.evil.example`, { 'body.body': 'linkHosts' }],
  ['a full-width domain', `${READY} Or use ｅｖｉｌ．ｅｘａｍｐｌｅ／ｒ`, { 'body.body': 'linkHosts' }],
  ['a domain split by a zero-width space', `${READY} Or use evil\u200b.example/r`, { 'body.body': 'linkHosts' }],
  ['a domain split by a soft hyphen', `${READY} Or use evil.ex\u00adample/r`, { 'body.body': 'linkHosts' }],
  ['a mailto: link', `${READY} Questions: mailto:attacker@evil.example`, { 'body.body': 'linkHosts' }],
  ['a bare e-mail address', `${READY} Forward it to attacker@evil.example`, { 'body.body': 'linkHosts' }],
  ['a javascript: link', `${READY} javascript:alert(1)`, { 'body.body': 'linkHosts' }],
  ['the allowed host as a user name', `${READY} https://app.example.test@evil.example/`, { 'body.body': 'linkHosts' }],
  ['the allowed host as a subdomain', `${READY} https://app.example.test.evil.example/`, { 'body.body': 'linkHosts' }],
  ['{{resetUrl}} glued to text before', 'Open x{{resetUrl}}', { 'body.body': 'standalonePlaceholder' }],
  ['{{resetUrl}} glued to text after', 'Open {{resetUrl}}&a=b', { 'body.body': 'standalonePlaceholder' }],
  ['{{resetUrl}} in quotes', 'Open "{{resetUrl}}"', { 'body.body': 'standalonePlaceholder' }],
  ['{{resetUrl}} glued by a zero-width space', 'Open x\u200b{{resetUrl}}', { 'body.body': 'standalonePlaceholder' }],
];

for (const [name, body, fields] of ATTACKS)
  test(`refused at create, PATCH and publish: ${name}`, async (t) => {
    const create = await api.as(admin).post('/notification-templates', template(body));
    expectValidation(t, create, fields, 'create');
    const draft = expectData(t, await api.as(admin).post('/notification-templates', template(READY)), 201);
    expectValidation(t, await api.as(admin).patch(`/notification-templates/${draft.id}`, { body }), fields, 'PATCH');
    // A draft stored before the rules (as by SQL) is checked again when published.
    await sqlOn(stack)('update notification_templates set body = ? where id = ?', [body, draft.id]);
    expectValidation(t, await api.as(admin).post(`/notification-templates/${draft.id}/publish`), fields, 'publish');
  });

test('a foreign link in the subject is refused too, and so is one in an sms', async (t) => {
  expectValidation(t, await api.as(admin).post('/notification-templates', template(READY, 'See www.evil.example')), {
    'body.subject': 'linkHosts',
  });
  const sms = { ...template('{{resetUrl}} or evil.example/r'), channel: 'sms', subject: undefined };
  expectValidation(t, await api.as(admin).post('/notification-templates', sms), { 'body.body': 'linkHosts' });
});

const publishes = async (t: ExecutionContext, on: Api, as: SignedIn, body: string) => {
  const draft = expectData(t, await on.as(as).post('/notification-templates', template(body)), 201, body);
  t.is(
    expectData(t, await on.as(as).post(`/notification-templates/${draft.id}/publish`), 201, body).status,
    'published',
  );
};

test('allowed: {{resetUrl}} alone, at either edge, and links and addresses on the host of APP_BASE_URL', async (t) => {
  await publishes(t, api, admin, '{{resetUrl}}');
  await publishes(t, api, admin, `${READY}\n{{ resetUrl }}`);
  await publishes(
    t,
    api,
    admin,
    `${READY}\nHelp: https://app.example.test/office/help (or app.example.test/help), mail support@app.example.test. Note: it expires at 10:30.`,
  );
});

test('with MAIL_LINK_HOSTS, links may lead to the hosts it names (any case), and only to them', async (t) => {
  await publishes(t, namedApi, namedAdmin, `${READY}\nSee https://help.example.test/reset and status.example.test/now`);
  const refused = expectValidation(
    t,
    await namedApi.as(namedAdmin).post('/notification-templates', template(`${READY} http://localhost:3000/x`)),
    { 'body.body': 'linkHosts' },
    'the host of APP_BASE_URL is not added to a list given',
  );
  t.regex(refused[0].message, /localhost.*may lead only to help\.example\.test, status\.example\.test/);
});
