import test, { type ExecutionContext } from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { fileClaim } from '../../helpers/claims.js';
import { sqlOn, unique } from '../../helpers/db.js';
import { expectData, expectError, expectValidation, missing } from '../../helpers/expect.js';
import { given, type SignedIn, systemRole } from '../../helpers/given.js';
import { waitFor } from '../../helpers/stack.js';

/**
 * Attacks of two insiders. A template publisher (notification_template:write, not an admin) tries to get
 * the reset link out of the mail, to break password recovery for everyone, or to make the checks of a
 * template cost the service seconds. An insurer's user (data scope insurer A) tries to read or change
 * insurer B's records, to grant themselves more, and to read B's business through the audit trail.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s), {
  workers: true,
  env: { APP_BASE_URL: 'https://app.example.test', RATE_LIMIT_PASSWORD_MAX: '1000' },
});
const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);

const A = `insurer-a-${unique()}`;
const B = `insurer-b-${unique()}`;

// ---------------------------------------------------------------------------------------------------
// (a) The template publisher

let publisher: Promise<SignedIn> | undefined;
/** The client of the publisher, made at first use (hooks run at once, before the stack exists). */
const asPublisher = async () => {
  publisher ??= given.user(stack, {
    // Templates are platform-wide: writing them takes data scope all.
    permissions: ['notification_template:read', 'notification_template:write', 'data:scope:all'],
  });
  return api.as(await publisher);
};

let next = 0;
/** A locale of its own for each template (one published version per key, channel and locale). */
const freshLocale = () =>
  `x${String.fromCharCode(97 + (Math.floor(next / 26) % 26))}${String.fromCharCode(97 + (next++ % 26))}`;
const draft = (body: string, extra: Record<string, unknown> = {}) => ({
  key: 'password_reset',
  channel: 'email',
  locale: freshLocale(),
  subject: 'Reset your password',
  body,
  ...extra,
});
const create = async (body: string, extra: Record<string, unknown> = {}) =>
  (await asPublisher()).post('/notification-templates', draft(body, extra));
const publish = async (id: string) => (await asPublisher()).post(`/notification-templates/${id}/publish`);

const SMUGGLED: [string, string][] = [
  ['user info before the host', 'https://app.example.test@evil.example/r'],
  ['protocol-relative', '//evil.example/r'],
  ['an IPv4 literal in hex', 'http://0x7f.0.0.1/r'],
  ['an IPv6 literal', 'http://[::1]/r'],
  ['punycode', 'https://xn--pp-7ka.example.test/r'],
  ['a Cyrillic homoglyph', 'https://\u0430pp.example.test/r'],
  ['a percent-encoded dot', 'https://evil%2Eexample/r'],
  ['a data: URI', 'data:text/html;base64,PGEgaHJlZj0iIj4='],
  ['a markdown link', '[reset](https://evil.example/r)'],
  ['an HTML link', '<a href="https://evil.example/r">reset</a>'],
  ['a mailto: with the address in its query', 'mailto:?to=thief@evil.example&body='],
];
test('(publisher) smuggled links are refused: userinfo, protocol-relative, IP literals, punycode, homoglyphs, encodings, URIs, markup', async (t) => {
  for (const [name, link] of SMUGGLED)
    expectValidation(t, await create(`{{resetUrl}}\n${link}`), { 'body.body': 'linkHosts' }, name);
  // The link glued to the end of another across a line break or a no-break space.
  for (const glue of ['\n', '\u00a0'])
    expectValidation(t, await create(`https://evil.example/r?t=${glue}{{resetUrl}}`), { 'body.body': 'linkHosts' });
});

test('(publisher) a link closed by 20,000 brackets is checked in one pass: create and publish stay fast', async (t) => {
  // Each `)` used to be followed by a count of every bracket before it: seconds of a blocked event loop per check.
  const body = `{{resetUrl}}\nhttps://app.example.test/${')'.repeat(19_000)}`;
  let started = Date.now();
  const made = expectData(t, await create(body), 201);
  t.true(Date.now() - started < 1500, `create took ${Date.now() - started} ms`);
  started = Date.now();
  expectData(t, await publish(made.id), 201);
  t.true(Date.now() - started < 1500, `publish took ${Date.now() - started} ms`);
});

test('(publisher) a password_reset or set_password template without its link cannot be published: no mail without a way in', async (t) => {
  // A draft may be saved while it is being written...
  const reset = expectData(t, await create('Call us on +1 555 0100 to reset your password.'), 201);
  const first = expectData(t, await create('Welcome {{name}}!', { key: 'set_password' }), 201);
  // ...but never published: every user of the locale would get a reset mail they cannot use.
  expectValidation(t, await publish(reset.id), { 'body.body': 'requiredPlaceholder' });
  expectValidation(t, await publish(first.id), { 'body.body': 'requiredPlaceholder' });
  for (const id of [reset.id, first.id])
    t.is(expectData(t, await (await asPublisher()).get(`/notification-templates/${id}`)).status, 'draft');
});

test('(publisher) a published template without its link (older data) is not used: the built-in mail with the link goes', async (t) => {
  const locale = freshLocale();
  const made = expectData(t, await create('Open {{resetUrl}}', { locale }), 201);
  expectData(t, await publish(made.id), 201);
  await sql(`update notification_templates set body = 'Reply to this mail to reset.' where id = ?`, [made.id]);
  const victim = await given.account(stack);
  await sql(`update users set locale = ? where id = ?`, [locale, victim.id]);
  t.is((await api.post('/auth/forgot-password', { email: victim.email })).statusCode, 202);
  const summary = await waitFor(
    async () =>
      (
        await sql(`select summary from audit_entries where action = 'mail.password_reset_sent' and subject_id = ?`, [
          victim.id,
        ])
      )[0]?.summary,
    'the reset mail sent',
  );
  t.deepEqual(summary, { purpose: 'reset', templateId: null, refusedTemplateId: made.id });
});

// ---------------------------------------------------------------------------------------------------
// (b) The insurer's user

const STAFF = [
  ...systemRole('insurer_staff').permissions,
  'policy:endorse',
  'claim:assign',
  'claim:note',
  'renewal:generate',
  'dispute:withdraw',
  'user:read',
  'user:write',
  'user:activate',
  'user:suspend',
  'role:read',
  'role:write',
  'audit:read',
];

interface World {
  staffA: SignedIn;
  staffB: SignedIn;
  policyB: string;
  claimB: string;
  renewalB: string;
  quotationB: string;
  disputeB: string;
}
let world: Promise<World> | undefined;
/** Insurer B's records, made once: a policy, its claim, renewal and quotation, a user and their dispute. */
const worldOf = () =>
  (world ??= (async () => {
    const staffA = await given.user(stack, { permissions: STAFF, insurerId: A });
    const staffB = await given.user(stack, { permissions: STAFF, insurerId: B });
    const agentB = await given.account(stack);
    const policyB = (await given.policy(stack, { agentId: agentB.id, insurerId: B })).id;
    const claimB = (await fileClaim(api.as(admin), policyB)).id;
    const renewal = await api.as(admin).post(`/renewals/policies/${policyB}/generate`);
    const quotation = await api.as(admin).post('/quotations', {
      agentId: agentB.id,
      insurerId: B,
      productCode: 'MOTOR-COMP',
      applicant: { name: 'Wanjiru Kamau' },
      sumInsured: { amountMinor: 1_000_000, currency: 'KES' },
    });
    const dispute = await api
      .as(staffB)
      .post('/disputes', { subjectType: 'claim', subjectId: claimB, reason: 'Slow handling' });
    for (const res of [renewal, quotation, dispute]) if (res.statusCode !== 201) throw new Error(res.body);
    const [renewalB, quotationB, disputeB] = [renewal, quotation, dispute].map((r) => r.json().data.id as string);
    return { staffA, staffB, policyB, claimB, renewalB, quotationB, disputeB };
  })());

const notFound = (t: ExecutionContext, res: Awaited<ReturnType<typeof api.get>>, label: string) =>
  expectError(t, res, 404, 'NOT_FOUND', undefined, label);

test("(insurer) insurer B's policies, claims, renewals, quotations and disputes: 404 to read or act on, 403 to filter by", async (t) => {
  const w = await worldOf();
  const as = api.as(w.staffA);
  const money = { amountMinor: 1_000, currency: 'KES' };
  const attempts: [string, Promise<Awaited<ReturnType<typeof api.get>>>][] = [
    ['policy', as.get(`/policies/${w.policyB}`)],
    ['timeline', as.get(`/policies/${w.policyB}/timeline`)],
    ['cancel', as.post(`/policies/${w.policyB}/cancel`, { reason: 'x' })],
    [
      'endorse',
      as.post(`/policies/${w.policyB}/endorsements`, {
        type: 'other',
        description: 'x',
        effectiveDate: new Date().toISOString().slice(0, 10),
        changes: { premium: money },
      }),
    ],
    ['claim', as.get(`/claims/${w.claimB}`)],
    ['review', as.post(`/claims/${w.claimB}/review`)],
    ['note', as.post(`/claims/${w.claimB}/notes`, { body: 'x' })],
    ['assign', as.post(`/claims/${w.claimB}/assign`, { assigneeId: w.staffA.id })],
    ['renewal', as.get(`/renewals/${w.renewalB}`)],
    ['offer', as.post(`/renewals/${w.renewalB}/offer`, { premium: money, offerExpiresAt: '2999-01-01T00:00:00.000Z' })],
    ['generate', as.post(`/renewals/policies/${w.policyB}/generate`)],
    ['quotation', as.get(`/quotations/${w.quotationB}`)],
    [
      'respond',
      as.post(`/quotations/${w.quotationB}/respond`, { premium: money, validUntil: '2999-01-01', terms: 'x' }),
    ],
    ['withdraw quotation', as.post(`/quotations/${w.quotationB}/withdraw`)],
    ['dispute', as.get(`/disputes/${w.disputeB}`)],
    ['withdraw dispute', as.post(`/disputes/${w.disputeB}/withdraw`, { reason: 'x' })],
    ['dispute about their claim', as.post('/disputes', { subjectType: 'claim', subjectId: w.claimB, reason: 'x' })],
  ];
  for (const [label, res] of attempts) notFound(t, await res, label);
  for (const url of ['/policies', '/quotations'])
    expectError(t, await as.get(`${url}?insurerId=${B}`), 403, 'FORBIDDEN', undefined, url);
  for (const url of ['/policies', '/claims', '/renewals', '/quotations', '/disputes'])
    t.deepEqual(expectData(t, await as.get(url)), [], `${url} lists nothing of B`);
  t.deepEqual((await sql(`select status from claims where id = ?`, [w.claimB]))[0], { status: 'filed' });
});

test("(insurer) B's users are 404; no user is made in B, no one moves to B, and no grant exceeds what A's staff hold", async (t) => {
  const w = await worldOf();
  const as = api.as(w.staffA);
  for (const [label, res] of [
    ['get', await as.get(`/users/${w.staffB.id}`)],
    ['patch', await as.patch(`/users/${w.staffB.id}`, { name: 'Renamed' })],
    ['suspend', await as.post(`/users/${w.staffB.id}/suspend`, { reason: 'x' })],
    ['grant', await as.post(`/users/${w.staffB.id}/roles`, { roleId: systemRole('agent').id })],
  ] as const)
    notFound(t, res, label);
  expectError(t, await as.get(`/users?insurerId=${B}`), 403, 'FORBIDDEN');
  const email = `planted-${unique()}@example.test`;
  expectError(t, await as.post('/users', { email, name: 'Planted', insurerId: B }), 403, 'FORBIDDEN');
  expectError(t, await as.patch(`/users/${w.staffA.id}`, { insurerId: B }), 403, 'FORBIDDEN');
  // Scope all and admin come only from a holder of every permission involved; roles change only at scope all.
  for (const role of ['claims_handler', 'admin'])
    expectError(t, await as.post(`/users/${w.staffA.id}/roles`, { roleId: systemRole(role).id }), 403, 'FORBIDDEN');
  expectError(
    t,
    await as.post('/roles', { name: `mine-${unique()}`, permissions: ['claim:read'] }),
    403,
    'FORBIDDEN',
    missing('data:scope:all'),
  );
  expectError(
    t,
    await as.put(`/roles/${systemRole('insurer_staff').id}/permissions`, { permissions: [...STAFF, 'data:scope:all'] }),
    403,
    'FORBIDDEN',
  );
  t.deepEqual(await sql(`select id from users where email = ?`, [email]), []);
  t.deepEqual(expectData(t, await as.get('/auth/me')).permissions.includes('data:scope:all'), false);
});

test("(insurer) the audit trail shows A nothing of B's claims, even when a user of scope all who belongs to A worked them", async (t) => {
  const w = await worldOf();
  // A claims handler employed by insurer A: the seeded role gives data scope all, so they handle B's claims too.
  const handlerOfA = await given.user(stack, { roles: ['claims_handler'], insurerId: A });
  const claim = (await fileClaim(api.as(admin), w.policyB)).id;
  expectData(t, await api.as(handlerOfA).post(`/claims/${claim}/review`));
  expectData(
    t,
    await api.as(handlerOfA).post(`/claims/${claim}/repudiate`, { reason: "B's customer lied about the garage" }),
  );
  const event = `cat-${unique()}`;
  expectData(
    t,
    await api.as(handlerOfA).post(`/catastrophe-events/${event}`, {
      name: `Floods ${event}`,
      peril: 'flood',
      region: 'Coast',
      startsOn: '2026-01-01',
    }),
    201,
  );
  const as = api.as(w.staffA);
  t.deepEqual(expectData(t, await as.get(`/audit?subjectId=${claim}`)), [], "A reads nothing about B's claim");
  t.deepEqual(expectData(t, await as.get(`/audit?actorId=${handlerOfA.id}&subjectType=claim`)), []);
  // What the handler did to records of no scope is still A's to read, as before.
  const theirs = expectData(t, await as.get(`/audit?actorId=${handlerOfA.id}`));
  t.deepEqual(
    theirs.map((e: { subjectId: string }) => e.subjectId),
    [event],
  );
  // B reads its own claim's entries; scope all reads them all.
  const reader = await given.user(stack, { permissions: ['audit:read'], insurerId: B });
  t.deepEqual(
    expectData(t, await api.as(reader).get(`/audit?subjectId=${claim}&sort=occurredAt`)).map(
      (e: { action: string }) => e.action,
    ),
    ['claim.file', 'claim.review', 'claim.repudiate'],
  );
});

test("(insurer) four eyes cannot be dodged with a second account of one's own: its creator cannot activate it", async (t) => {
  const w = await worldOf();
  const as = api.as(w.staffA);
  const email = `second-${unique()}@example.test`;
  const password = 'my-other-self-password-1';
  const second = expectData(t, await as.post('/users', { email, name: 'Other Self', password }), 201);
  expectData(t, await as.post(`/users/${second.id}/roles`, { roleId: systemRole('insurer_staff').id }));
  // Active, the second account would settle and pay the claims the first one files.
  expectError(t, await as.post(`/users/${second.id}/activate`), 403, 'FORBIDDEN', { reason: 'four_eyes' });
  expectError(t, await api.post('/auth/login', { email, password }), 403, 'ACCOUNT_NOT_ACTIVE');
  // Another of the insurer's user administrators (or scope all) checks and activates it.
  const colleague = await given.user(stack, { permissions: STAFF, insurerId: A });
  t.is(expectData(t, await api.as(colleague).post(`/users/${second.id}/activate`)).status, 'active');
});
