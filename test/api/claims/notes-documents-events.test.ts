import test from 'ava';
import { claimIn, fileClaim } from '../../helpers/claims.js';
import { type Api, client, type Response } from '../../helpers/client.js';
import { expectData, expectError, expectValidation, like } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Notes and documents of a claim, and catastrophe events. */
let stack: Stack;
let api: Api;
let admin: SignedIn;
/** Files the claims the admin works: four eyes keep a filer from settling or paying their own claim. */
let filer: SignedIn;
let policyId: string;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  admin = await given.admin(stack);
  filer = await given.admin(stack);
  policyId = (await given.policy(stack, { agentId: admin.id })).id;
});
test.after.always(async () => {
  await stack?.close();
});

const document = (extra: Record<string, unknown> = {}) => ({
  name: 'police-abstract.pdf',
  contentType: 'application/pdf',
  sizeBytes: 182_000,
  sha256: 'a'.repeat(64),
  url: 'https://files.example.test/claims/abstract.pdf',
  ...extra,
});

test('a note is added in any status, closed included, answered 201 with the note; the claim lists its notes in order with their author', async (t) => {
  const closed = await claimIn(api.as(admin), policyId, 'closed', { filer: api.as(filer) });
  expectData(t, await api.as(admin).post(`/claims/${closed.id}/notes`, { body: 'Called the holder' }), 201);
  const note = expectData(t, await api.as(admin).post(`/claims/${closed.id}/notes`, { body: 'Holder confirmed' }), 201);
  t.like(note, { body: 'Holder confirmed', visibility: 'internal', addedBy: admin.id, author: admin.id });
  t.is(note.addedAt, note.createdAt);
  t.deepEqual(
    Object.keys(note).sort(),
    ['addedAt', 'addedBy', 'author', 'body', 'claimId', 'createdAt', 'id', 'visibility'],
    'the note, not the claim',
  );
  const { notes } = expectData(t, await api.as(admin).get(`/claims/${closed.id}`));
  t.deepEqual(
    notes.map((n: any) => [n.body, n.author]),
    [
      ['Called the holder', admin.id],
      ['Holder confirmed', admin.id],
    ],
  );
  t.deepEqual(notes[1], note);
  expectValidation(t, await api.as(admin).post(`/claims/${closed.id}/notes`, { body: '' }), ['body.body']);
});

test('a document is attached with its metadata, answered 201 with the document; closed and withdrawn claims refuse documents', async (t) => {
  const claim = await fileClaim(api.as(admin), policyId);
  const added = expectData(
    t,
    await api.as(admin).post(`/claims/${claim.id}/documents`, document({ sha256: 'AB'.repeat(32) })),
    201,
  );
  t.like(added, {
    name: 'police-abstract.pdf',
    contentType: 'application/pdf',
    sizeBytes: 182_000,
    sha256: 'ab'.repeat(32),
    url: 'https://files.example.test/claims/abstract.pdf',
    addedBy: admin.id,
  });
  t.is(added.status, undefined, 'the document, not the claim');
  t.deepEqual(expectData(t, await api.as(admin).get(`/claims/${claim.id}`)).documents, [added]);
  for (const status of ['closed', 'withdrawn'] as const) {
    const done = await claimIn(api.as(admin), policyId, status, { filer: api.as(filer) });
    expectError(
      t,
      await api.as(admin).post(`/claims/${done.id}/documents`, document()),
      422,
      'INVALID_TRANSITION',
      like({ from: status, action: 'addDocument' }),
    );
  }
});

test('document metadata is validated: allowed content types, a size limit, a sha256, an https URL, a plain name', async (t) => {
  const claim = await fileClaim(api.as(admin), policyId);
  const url = `/claims/${claim.id}/documents`;
  expectValidation(t, await api.as(admin).post(url, document({ contentType: 'application/x-msdownload' })), [
    'body.contentType',
  ]);
  expectValidation(t, await api.as(admin).post(url, document({ sizeBytes: 26 * 1024 * 1024 })), ['body.sizeBytes']);
  expectValidation(t, await api.as(admin).post(url, document({ sizeBytes: 0 })), ['body.sizeBytes']);
  expectValidation(t, await api.as(admin).post(url, document({ sha256: 'xyz' })), ['body.sha256']);
  expectValidation(t, await api.as(admin).post(url, document({ url: 'http://files.example.test/a.pdf' })), [
    'body.url',
  ]);
  expectValidation(t, await api.as(admin).post(url, document({ url: 'javascript:alert(1)' })), ['body.url']);
  expectValidation(t, await api.as(admin).post(url, document({ name: '../../etc/passwd' })), ['body.name']);
});

test('POST /catastrophe-events/{id} creates (201) then updates (200) the event with that id; a name in use answers 409', async (t) => {
  const created = expectData(
    t,
    await api.as(admin).post('/catastrophe-events/STORM-2026-11', {
      name: 'Coastal storm, Nov 2026',
      peril: 'storm',
      region: 'Mombasa',
      startsOn: '2026-11-02',
    }),
    201,
  );
  t.like(created, {
    id: 'STORM-2026-11',
    name: 'Coastal storm, Nov 2026',
    peril: 'storm',
    region: 'Mombasa',
    endsOn: null,
  });
  const updated = expectData(
    t,
    await api.as(admin).post('/catastrophe-events/STORM-2026-11', {
      name: 'Coastal storm, Nov 2026',
      peril: 'storm',
      region: 'Mombasa and Kilifi',
      startsOn: '2026-11-02',
      endsOn: '2026-11-04',
    }),
    200,
  );
  t.like(updated, { endsOn: '2026-11-04', region: 'Mombasa and Kilifi', createdAt: created.createdAt });
  expectError(
    t,
    await api.as(admin).post('/catastrophe-events/OTHER-1', {
      name: 'coastal STORM, nov 2026',
      peril: 'storm',
      region: 'Kilifi',
      startsOn: '2026-11-02',
    }),
    409,
    'CONFLICT',
  );
  expectValidation(
    t,
    await api.as(admin).post('/catastrophe-events/BAD-DATES', {
      name: 'x',
      peril: 'flood',
      region: 'x',
      startsOn: '2026-11-02',
      endsOn: '2026-11-01',
    }),
    ['body.endsOn'],
  );
  expectValidation(
    t,
    await api
      .as(admin)
      .post('/catastrophe-events/-bad id', { name: 'x', peril: 'flood', region: 'x', startsOn: '2026-11-02' }),
    ['params.id'],
  );
  t.deepEqual(expectData(t, await api.as(admin).get('/catastrophe-events/STORM-2026-11')), updated);
  t.true(
    expectData(t, await api.as(admin).get('/catastrophe-events?q=coastal')).some((e: any) => e.id === 'STORM-2026-11'),
  );
  expectError(t, await api.as(admin).get('/catastrophe-events/NOPE'), 404, 'NOT_FOUND');
  const reader = await given.user(stack, { permissions: ['claim:read'] });
  expectError(
    t,
    await api
      .as(reader)
      .post('/catastrophe-events/X-1', { name: 'x', peril: 'flood', region: 'x', startsOn: '2026-01-01' }),
    403,
    'FORBIDDEN',
    {
      missingPermissions: ['claim:catastrophe:write'],
    },
  );
});

test('two first writes of one catastrophe event id at once: one creates, the other updates', async (t) => {
  const [a, b] = await Promise.all([
    api.as(admin).post('/catastrophe-events/QUAKE-RACE', {
      name: 'Quake race',
      peril: 'earthquake',
      region: 'Rift Valley',
      startsOn: '2026-01-01',
    }),
    api.as(admin).post('/catastrophe-events/QUAKE-RACE', {
      name: 'Quake race',
      peril: 'earthquake',
      region: 'Rift Valley',
      startsOn: '2026-01-01',
    }),
  ]);
  t.deepEqual([a.statusCode, b.statusCode].sort(), [200, 201]);
});

test('notes, documents, payments and catastrophe events each write an audit entry with the actor and request id', async (t) => {
  /** The audit entries of the request that answered `res`. */
  const audited = async (res: Response) =>
    stack.orm.em
      .fork()
      .execute(`select actor, action, subject_type, subject_id from audit_entries where request_id = ?`, [
        res.headers['x-request-id'],
      ]);
  const claim = await claimIn(api.as(admin), policyId, 'settled', { filer: api.as(filer) });
  const tag = claim.id.slice(-12);
  const note = await api.as(admin).post(`/claims/${claim.id}/notes`, { body: 'Audited note' });
  const doc = await api.as(admin).post(`/claims/${claim.id}/documents`, document());
  const pay = await api.as(admin).post(`/claims/${claim.id}/payments`, {
    amount: { amountMinor: 1_000, currency: 'KES' },
    method: 'mobile_money',
    reference: 'AUDITED',
    paidAt: new Date().toISOString(),
  });
  const ofClaim = (action: string) => [{ actor: admin.id, action, subject_type: 'claim', subject_id: claim.id }];
  t.deepEqual(await audited(note), ofClaim('claim.note'));
  t.deepEqual(await audited(doc), ofClaim('claim.document'));
  t.deepEqual(await audited(pay), ofClaim('claim.payment'));
  const event = { name: `Audited event ${tag}`, peril: 'flood', region: 'Kisumu', startsOn: '2026-11-02' };
  const created = await api.as(admin).post(`/catastrophe-events/AUD-${tag}`, event);
  const updated = await api.as(admin).post(`/catastrophe-events/AUD-${tag}`, { ...event, region: 'Busia' });
  const ofEvent = (action: string) => [
    { actor: admin.id, action, subject_type: 'catastrophe_event', subject_id: `AUD-${tag}` },
  ];
  t.deepEqual(await audited(created), ofEvent('catastrophe_event.create'));
  t.deepEqual(await audited(updated), ofEvent('catastrophe_event.update'));
});
