import test, { type ExecutionContext } from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation, missing } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Notification templates: drafts, versions, publish (201, 200 again), archive, permissions (placeholders: placeholders.test.ts). */
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
const MISSING_ID = '01900000-0000-7000-8000-000000000000';

// Tests run concurrently on one database: each uses locales of its own, so versions and the one
// published version per key, channel and locale are its own.
let next = 0;
const freshLocale = () => {
  const n = next++;
  return `q${String.fromCharCode(97 + Math.floor(n / 26))}${String.fromCharCode(97 + (n % 26))}`;
};

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
const act = (id: string, action: 'publish' | 'archive', who: SignedIn = writer) =>
  api.as(who).post(`/notification-templates/${id}/${action}`);
const auditOf = (id: string) =>
  sql(`select action, summary from audit_entries where subject_id = ? order by commit_seq`, [id]);

test('creating answers 201 with a draft, version 1, then 2, 3 for the same key, channel and locale', async (t) => {
  const first = await create(t);
  t.like(first, { ...EMAIL, status: 'draft', version: 1, publishedAt: null, archivedAt: null });
  const second = await create(t, { locale: first.locale, body: 'v2 {{resetUrl}}' });
  const third = await create(t, { locale: first.locale, body: 'v3 {{resetUrl}}' });
  t.is(second.version, 2);
  t.is(third.version, 3);
  // Another channel of the same key and locale is numbered on its own.
  const sms = await create(t, {
    locale: first.locale,
    channel: 'sms',
    subject: undefined,
    body: 'Reset: {{resetUrl}}',
  });
  t.like(sms, { channel: 'sms', subject: null, version: 1 });
  t.like(expectData(t, await api.as(reader).get(`/notification-templates/${first.id}`)), { id: first.id, version: 1 });
  t.deepEqual(
    (await auditOf(first.id)).map((a) => a.action),
    ['notification_template.create'],
  );
});

test('create validation: unknown key, bad locale or channel, email without subject, sms with subject, extra fields are 400', async (t) => {
  const post = (body: Record<string, unknown>) =>
    api.as(writer).post('/notification-templates', { ...EMAIL, locale: freshLocale(), ...body });
  expectValidation(t, await post({ key: 'welcome_gift' }), ['body.key']);
  expectValidation(t, await post({ locale: 'English' }), ['body.locale']);
  expectValidation(t, await post({ channel: 'fax' }), ['body.channel']);
  expectValidation(t, await post({ body: '' }), ['body.body']);
  expectValidation(t, await post({ status: 'published' }), ['body.status']);
  expectValidation(t, await post({ subject: undefined }), { 'body.subject': 'required' });
  expectValidation(t, await post({ channel: 'sms' }), { 'body.subject': 'absent' });
});

test('PATCH changes a draft only: published and archived templates answer 422 INVALID_TRANSITION', async (t) => {
  const draft = await create(t);
  const changed = expectData(
    t,
    await api
      .as(writer)
      .patch(`/notification-templates/${draft.id}`, { subject: 'New {{name}}', body: 'B {{resetUrl}}' }),
  );
  t.like(changed, { status: 'draft', subject: 'New {{name}}', body: 'B {{resetUrl}}', version: 1 });
  expectValidation(t, await api.as(writer).patch(`/notification-templates/${draft.id}`, {}), ['body']);
  expectValidation(t, await api.as(writer).patch(`/notification-templates/${draft.id}`, { locale: 'fr' }), [
    'body.locale',
  ]);
  const sms = await create(t, { channel: 'sms', subject: undefined });
  expectValidation(t, await api.as(writer).patch(`/notification-templates/${sms.id}`, { subject: 'x' }), {
    'body.subject': 'absent',
  });

  expectData(t, await act(draft.id, 'publish'), 201);
  expectError(
    t,
    await api.as(writer).patch(`/notification-templates/${draft.id}`, { body: 'late' }),
    422,
    'INVALID_TRANSITION',
    {
      from: 'published',
      action: 'update',
      allowedFrom: ['draft'],
    },
  );
  expectData(t, await act(draft.id, 'archive'));
  expectError(
    t,
    await api.as(writer).patch(`/notification-templates/${draft.id}`, { body: 'late' }),
    422,
    'INVALID_TRANSITION',
    {
      from: 'archived',
      action: 'update',
      allowedFrom: ['draft'],
    },
  );
  t.is(expectData(t, await api.as(reader).get(`/notification-templates/${draft.id}`)).body, 'B {{resetUrl}}');
  t.deepEqual(
    (await auditOf(draft.id)).map((a) => a.action),
    [
      'notification_template.create',
      'notification_template.update',
      'notification_template.publish',
      'notification_template.archive',
    ],
  );
});

test('publishing a draft answers 201; publishing it again answers 200 with it unchanged and audits nothing more', async (t) => {
  const draft = await create(t);
  const published = expectData(t, await act(draft.id, 'publish'), 201);
  t.like(published, { id: draft.id, status: 'published', version: 1 });
  t.truthy(published.publishedAt);
  const again = expectData(t, await act(draft.id, 'publish'), 200);
  t.deepEqual(again, published);
  const audit = await auditOf(draft.id);
  t.deepEqual(
    audit.map((a) => a.action),
    ['notification_template.create', 'notification_template.publish'],
  );
  t.like(audit[1].summary, { from: 'draft', to: 'published', version: 1, supersededId: null });
});

test('publishing a new version archives the one published before: one published version per key, channel and locale', async (t) => {
  const v1 = await create(t);
  expectData(t, await act(v1.id, 'publish'), 201);
  const v2 = await create(t, { locale: v1.locale, body: 'Second {{resetUrl}}' });
  t.like(expectData(t, await act(v2.id, 'publish'), 201), { status: 'published', version: 2 });
  const old = expectData(t, await api.as(reader).get(`/notification-templates/${v1.id}`));
  t.is(old.status, 'archived');
  t.truthy(old.archivedAt);
  // Archived is final: the superseded version cannot come back.
  expectError(t, await act(v1.id, 'publish'), 422, 'INVALID_TRANSITION', {
    from: 'archived',
    action: 'publish',
    allowedFrom: ['draft'],
  });
  const published = expectData(
    t,
    await api.as(reader).get(`/notification-templates?locale=${v1.locale}&status=published`),
  );
  t.deepEqual(
    published.map((p: any) => p.id),
    [v2.id],
  );
  t.like((await auditOf(v1.id)).at(-1), {
    action: 'notification_template.supersede',
    summary: { from: 'published', to: 'archived', version: 1, supersededId: v2.id },
  });
});

test('two drafts of one locale published at once: one published version remains, the other archived', async (t) => {
  const a = await create(t);
  const b = await create(t, { locale: a.locale });
  const [ra, rb] = await Promise.all([act(a.id, 'publish'), act(b.id, 'publish')]);
  t.is(ra.statusCode, 201, ra.body);
  t.is(rb.statusCode, 201, rb.body);
  const rows = await sql(`select status from notification_templates where locale = ? order by version`, [a.locale]);
  t.deepEqual(rows.map((r) => r.status).sort(), ['archived', 'published']);
});

test('archive: a draft or a published template becomes archived (200); archived is final (archive and publish 422)', async (t) => {
  const draft = await create(t);
  t.like(expectData(t, await act(draft.id, 'archive')), { status: 'archived' });
  const published = await create(t);
  expectData(t, await act(published.id, 'publish'), 201);
  const archived = expectData(t, await act(published.id, 'archive'));
  t.like(archived, { status: 'archived' });
  t.truthy(archived.archivedAt);
  for (const id of [draft.id, published.id]) {
    expectError(t, await act(id, 'archive'), 422, 'INVALID_TRANSITION', {
      from: 'archived',
      action: 'archive',
      allowedFrom: ['draft', 'published'],
    });
    expectError(t, await act(id, 'publish'), 422, 'INVALID_TRANSITION', {
      from: 'archived',
      action: 'publish',
      allowedFrom: ['draft'],
    });
  }
  t.like((await auditOf(published.id)).at(-1), {
    action: 'notification_template.archive',
    summary: { from: 'published', to: 'archived' },
  });
});

test('list: filters by key, channel, locale, status and q, sorts, and pages with a cursor', async (t) => {
  const locale = freshLocale();
  const made = [];
  for (const body of ['alpha {{resetUrl}}', 'beta {{resetUrl}}', 'gamma {{resetUrl}}'])
    made.push(await create(t, { locale, body }));
  const sms = await create(t, { locale, channel: 'sms', subject: undefined, key: 'set_password', body: 'delta' });
  expectData(t, await act(made[0].id, 'publish'), 201);
  const ids = async (query: string) =>
    expectData(t, await api.as(reader).get(`/notification-templates?locale=${locale}&${query}`)).map((x: any) => x.id);
  t.deepEqual(
    await ids('sort=version&channel=email'),
    made.map((m) => m.id),
  );
  t.deepEqual(await ids('channel=sms'), [sms.id]);
  t.deepEqual(await ids('key=set_password'), [sms.id]);
  t.deepEqual(await ids('status=published'), [made[0].id]);
  t.deepEqual((await ids('status=draft&sort=version')).length, 3);
  t.deepEqual(await ids('q=GAMMA'), [made[2].id]);
  const first = await api
    .as(reader)
    .get(`/notification-templates?locale=${locale}&channel=email&sort=-version&limit=2`);
  t.deepEqual(
    expectData(t, first).map((x: any) => x.version),
    [3, 2],
  );
  const cursor = first.json().meta.page.nextCursor;
  t.truthy(cursor);
  const second = await api
    .as(reader)
    .get(
      `/notification-templates?locale=${locale}&channel=email&sort=-version&limit=2&cursor=${encodeURIComponent(cursor)}`,
    );
  t.deepEqual(
    expectData(t, second).map((x: any) => x.version),
    [1],
  );
  t.is(second.json().meta.page.nextCursor, null);
  expectValidation(t, await api.as(reader).get('/notification-templates?status=live'), ['query.status']);
  expectValidation(t, await api.as(reader).get('/notification-templates?key=nope'), ['query.key']);
});

test('permissions: reading needs notification_template:read; create, PATCH, publish and archive need notification_template:write', async (t) => {
  const draft = await create(t);
  const forbidden = missing('notification_template:write');
  expectError(
    t,
    await api.as(reader).post('/notification-templates', { ...EMAIL, locale: 'en' }),
    403,
    'FORBIDDEN',
    forbidden,
  );
  expectError(
    t,
    await api.as(reader).patch(`/notification-templates/${draft.id}`, { body: 'x' }),
    403,
    'FORBIDDEN',
    forbidden,
  );
  expectError(t, await act(draft.id, 'publish', reader), 403, 'FORBIDDEN', forbidden);
  expectError(t, await act(draft.id, 'archive', reader), 403, 'FORBIDDEN', forbidden);
  const noRead = missing('notification_template:read');
  expectError(t, await api.as(nobody).get('/notification-templates'), 403, 'FORBIDDEN', noRead);
  expectError(t, await api.as(nobody).get(`/notification-templates/${draft.id}`), 403, 'FORBIDDEN', noRead);
  expectError(t, await api.get('/notification-templates'), 401, 'UNAUTHENTICATED');
  t.is(expectData(t, await api.as(reader).get(`/notification-templates/${draft.id}`)).status, 'draft');
});

test('an unknown template is 404 for get, PATCH, publish and archive; a malformed id is 400', async (t) => {
  expectError(t, await api.as(reader).get(`/notification-templates/${MISSING_ID}`), 404, 'NOT_FOUND');
  expectError(t, await api.as(writer).patch(`/notification-templates/${MISSING_ID}`, { body: 'x' }), 404, 'NOT_FOUND');
  expectError(t, await act(MISSING_ID, 'publish'), 404, 'NOT_FOUND');
  expectError(t, await act(MISSING_ID, 'archive'), 404, 'NOT_FOUND');
  expectValidation(t, await api.as(reader).get('/notification-templates/not-a-uuid'), ['params.id']);
});

test('two archives of one template at once: one answers 200, the other 422, and one audit entry is written', async (t) => {
  const template = await create(t);
  expectData(t, await act(template.id, 'publish'), 201);
  const codes = (await Promise.all([act(template.id, 'archive'), act(template.id, 'archive')])).map(
    (r) => r.statusCode,
  );
  t.deepEqual(codes.sort(), [200, 422]);
  t.is((await auditOf(template.id)).filter((a) => a.action === 'notification_template.archive').length, 1);
});
