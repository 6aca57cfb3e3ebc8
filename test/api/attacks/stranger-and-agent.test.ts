import { createHash, randomBytes } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { PasswordResetToken } from '../../../shared/domain/identity/credential.entities.js';
import { resolvePasswordResetRequest } from '../../../shared/domain/identity/password.service.js';
import { systemAct } from '../../../shared/kernel/act.js';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { fileClaim } from '../../helpers/claims.js';
import { auditOn, sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectNoContent, expectValidation, like } from '../../helpers/expect.js';
import { given, type SignedIn, systemRole } from '../../helpers/given.js';
import { codeAt, enrolling, withMfa, wrongCode } from '../../helpers/mfa.js';

/**
 * An attack pass by two attackers: a stranger with no account (public routes, tokens of others, mail
 * links) and an agent (role agent, data scope own) going after other agents' records and their own
 * rights. What was found is refused here; what held and is worth guarding too.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s), {
  env: { LOCKOUT_THRESHOLD: '3', RATE_LIMIT_MFA_MAX: '10000', RATE_LIMIT_LOGIN_MAX: '10000' },
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const today = () => new Date().toISOString().slice(0, 10);
const lockedOut = (t: ExecutionContext, res: Parameters<typeof expectError>[1], label?: string) =>
  expectError(t, res, 429, 'RATE_LIMITED', like({ reason: 'too_many_failed_sign_ins' }), label);

// ---- A stranger holding a stolen access token, without the password ----

test('a stolen token cannot guess the password at MFA verify: wrong passwords count like sign-ins, then 429 before any check', async (t) => {
  const victim = await enrolling(stack); // MFA set up (by the victim or the thief), not verified
  const thief = api.as(victim.session);
  for (let i = 0; i < 3; i++)
    expectError(
      t,
      await thief.post('/auth/mfa/verify', { code: codeAt(victim.secret), password: `guess-${i}-of-many` }),
      401,
      'INVALID_CREDENTIALS',
    );
  // The right password would enrol the thief's authenticator: the count is locked before it is checked.
  lockedOut(t, await thief.post('/auth/mfa/verify', { code: codeAt(victim.secret), password: victim.password }));
  t.false(expectData(t, await thief.get('/auth/me')).mfaEnabled);
  lockedOut(t, await api.post('/auth/login', { email: victim.email, password: victim.password }), 'sign-in');
  // The victim's own device is not locked out by the thief: with its device token the enrolment completes.
  const { deviceToken } = victim.session;
  const own = { code: codeAt(victim.secret), password: victim.password, deviceToken };
  expectNoContent(t, await api.as(victim.session).post('/auth/mfa/verify', own));
});

test('a stolen token cannot guess the password or the code at MFA disable: both count, then 429', async (t) => {
  const victim = await withMfa(stack);
  const thief = api.as(victim.session);
  const disable = (password: string, code: string) => thief.post('/auth/mfa/disable', { password, code });
  expectError(t, await disable('guess-one-of-many', codeAt(victim.secret, 1)), 401, 'INVALID_CREDENTIALS');
  expectError(t, await disable('guess-two-of-many', codeAt(victim.secret, 1)), 401, 'INVALID_CREDENTIALS');
  expectError(t, await disable(victim.password, wrongCode(victim.secret)), 401, 'INVALID_MFA_CODE');
  lockedOut(t, await disable(victim.password, codeAt(victim.secret, 1)));
  t.true(expectData(t, await thief.get('/auth/me')).mfaEnabled);
});

// ---- A stranger and the password reset ----

/** A reset token as the mail worker leaves it once sent: its hash stored, valid 30 minutes. */
async function mailedReset(userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const em = stack.orm.em.fork();
  em.create(PasswordResetToken, {
    id: uuidv7(),
    user: userId,
    purpose: 'reset',
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + 30 * 60_000),
    sentAt: new Date(),
  });
  await em.flush();
  return token;
}

test('a reset link mailed earlier stops working once the password is reset with another link, or changed', async (t) => {
  const user = await given.user(stack);
  const [first, earlier] = [await mailedReset(user.id), await mailedReset(user.id)];
  expectNoContent(t, await api.post('/auth/reset-password', { token: first, newPassword: 'the-owner-chose-this-1' }));
  // Someone who read the mailbox before the owner took it back keeps the other link: it no longer works.
  const stale = await api.post('/auth/reset-password', { token: earlier, newPassword: 'the-thief-chose-this-1' });
  expectValidation(t, stale, { 'body.token': 'valid' });
  const owner = await given.session(stack, user);
  const lingering = await mailedReset(user.id);
  const change = { currentPassword: 'the-owner-chose-this-1', newPassword: 'the-owner-chose-this-2' };
  expectNoContent(t, await api.as(owner).post('/auth/change-password', change));
  const late = await api.post('/auth/reset-password', { token: lingering, newPassword: 'the-thief-chose-this-2' });
  expectValidation(t, late, { 'body.token': 'valid' });
  t.is((await api.post('/auth/login', { email: user.email, password: change.newPassword })).statusCode, 200);
});

test('a stranger asking for resets again and again mails a user at most three within 30 minutes, answered alike', async (t) => {
  const user = await given.account(stack);
  // From a new address each time: the per-address limit does not protect one mailbox.
  for (let i = 0; i < 6; i++) {
    const res = await api.post('/auth/forgot-password', { email: user.email }, { remoteAddress: `10.66.0.${i + 1}` });
    t.deepEqual(expectData(t, res, 202), { status: 'accepted' });
  }
  const requests = await sql(`select id from password_reset_requests where email = ? order by created_at, id`, [
    user.email.toLowerCase(),
  ]);
  t.is(requests.length, 6);
  // The mail worker's half of each request: a reset to mail, or none.
  const minted = [];
  for (const { id } of requests)
    minted.push(await resolvePasswordResetRequest(stack.app.deps, systemAct(), { requestId: id }));
  t.is(minted.filter(Boolean).length, 3);
  t.is((await sql(`select id from password_reset_tokens where user_id = ?`, [user.id])).length, 3);
  t.is((await auditOn(stack)(user.id, 'auth.password_reset_throttled')).length, 3);
});

// ---- A stranger's bodies ----

test('a body sent without a valid token is refused unread: 401, not parsed, the connection closed, the limit counted', async (t) => {
  const post = (payload: string, headers: Record<string, string>) =>
    stack.app.inject({
      method: 'POST',
      url: '/claims',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });
  for (const [label, payload, headers] of [
    ['malformed JSON, no token', '{"policyId":', {}],
    [
      'a megabyte, a forged token',
      JSON.stringify({ description: 'x'.repeat(1_000_000) }),
      { authorization: 'Bearer x.y.z' },
    ],
    ['not JSON, no token', 'plain text', { 'content-type': 'text/plain' }],
  ] as const) {
    const res = await post(payload, headers);
    expectError(t, res, 401, 'UNAUTHENTICATED', undefined, label);
    t.is(res.headers.connection, 'close', label);
    t.truthy(res.headers['ratelimit-remaining'], label);
  }
  // With a valid token the body is read as before.
  expectError(t, await post('{"policyId":', { authorization: `Bearer ${admin.token}` }), 400, 'MALFORMED_JSON');
});

test('an access token in the board cookie opens board routes only, never an API route', async (t) => {
  const res = await stack.app.inject({
    method: 'GET',
    url: '/users',
    headers: { cookie: `board_token=${admin.token}` },
  });
  expectError(t, res, 401, 'UNAUTHENTICATED');
});

// ---- An agent (role agent, data scope own) ----

interface Agent extends SignedIn {
  policy: { id: string };
  claim: { id: string };
  quotation: { id: string };
  renewal: { id: string };
}
/** The data of a 201, or a thrown error (setup, not an assertion). */
async function created(res: Promise<Parameters<typeof expectData>[1]>) {
  const done = await res;
  if (done.statusCode !== 201) throw new Error(`setup failed: ${done.statusCode} ${done.body}`);
  return done.json().data;
}
const quotationBody = (applicant = 'Applicant') => ({
  insurerId: 'insurer-a',
  productCode: 'MOTOR-COMP',
  applicant: { name: applicant },
  sumInsured: { amountMinor: 1_000_000, currency: 'KES' },
});
const holderEndorsement = (changes: object = { holder: { name: 'New holder' } }) => ({
  type: 'holder',
  description: 'x',
  effectiveDate: today(),
  changes,
});

/** An agent with a policy, a claim on it, a quotation and a renewal of the policy. */
async function agentWithRecords(): Promise<Agent> {
  const agent = await given.user(stack, { roles: ['agent'] });
  const policy = await given.policy(stack, { agentId: agent.id });
  return {
    ...agent,
    policy,
    claim: await fileClaim(api.as(agent), policy.id),
    quotation: await created(api.as(agent).post('/quotations', quotationBody())),
    renewal: await created(api.as(admin).post(`/renewals/policies/${policy.id}/generate`)),
  };
}

test("an agent reaches no other agent's record: by id, nested route, action or list filter", async (t) => {
  const [me, other] = [await agentWithRecords(), await agentWithRecords()];
  const as = api.as(me);
  const notFound = [
    await as.get(`/claims/${other.claim.id}`),
    await as.get(`/policies/${other.policy.id}`),
    await as.get(`/policies/${other.policy.id}/timeline`),
    await as.get(`/policies/${other.policy.id}/endorsements`),
    await as.get(`/quotations/${other.quotation.id}`),
    await as.get(`/renewals/${other.renewal.id}`),
    await as.post(`/claims/${other.claim.id}/notes`, { body: 'mine now', visibility: 'shared' }),
    await as.post(`/claims/${other.claim.id}/withdraw`, { reason: 'not yours to keep' }),
    await as.post(`/quotations/${other.quotation.id}/accept`),
    await as.post(`/renewals/${other.renewal.id}/decline`, { reason: 'no thanks' }),
    await as.post('/disputes', { subjectType: 'claim', subjectId: other.claim.id, reason: 'about theirs' }),
    await as.post(`/policies/${other.policy.id}/endorsements`, holderEndorsement()),
  ];
  for (const res of notFound) expectError(t, res, 404, 'NOT_FOUND', undefined, `${res.raw.req?.url ?? ''}`);
  for (const url of [`/claims?agentId=${other.id}`, `/policies?insurerId=insurer-a`, `/renewals?agentId=${other.id}`])
    expectError(t, await as.get(url), 403, 'FORBIDDEN', undefined, url);
  for (const url of ['/claims', '/policies', '/quotations', '/renewals', `/claims?policyId=${other.policy.id}&q=a`])
    t.true(
      expectData<{ agentId: string }[]>(t, await as.get(url)).every((r) => r.agentId === me.id),
      url,
    );
  // The other agent's claim is untouched.
  t.is(expectData(t, await api.as(other).get(`/claims/${other.claim.id}`)).status, 'filed');
});

test('an agent sets no owner, status or filer through a body, and never acts for another agent', async (t) => {
  const [me, other] = [await agentWithRecords(), await agentWithRecords()];
  const as = api.as(me);
  const claim = {
    policyId: me.policy.id,
    incidentDate: today(),
    description: 'x',
    claimedAmount: { amountMinor: 1, currency: 'KES' },
  };
  for (const extra of [{ agentId: other.id }, { status: 'settled' }, { filedBy: other.id }, { insurerId: 'insurer-b' }])
    expectValidation(t, await as.post('/claims', { ...claim, ...extra }), [`body.${Object.keys(extra)[0]}`]);
  expectError(t, await as.post('/quotations', { ...quotationBody(), agentId: other.id }), 403, 'FORBIDDEN');
  const sneaky = await as.post(`/policies/${me.policy.id}/endorsements`, holderEndorsement({ agentId: other.id }));
  expectValidation(t, sneaky, ['body.changes.agentId']);
});

test('an agent cannot raise their own rights: roles, data scope, settling or approving their own work', async (t) => {
  const me = await agentWithRecords();
  const as = api.as(me);
  expectError(t, await as.post(`/users/${me.id}/roles`, { roleId: systemRole('admin').id }), 403, 'FORBIDDEN');
  expectError(t, await as.patch(`/users/${me.id}`, { insurerId: 'insurer-a' }), 403, 'FORBIDDEN');
  expectError(t, await as.post(`/claims/${me.claim.id}/review`), 403, 'FORBIDDEN');
  const settle = { amount: { amountMinor: 1, currency: 'KES' } };
  expectError(t, await as.post(`/claims/${me.claim.id}/settle`, settle), 403, 'FORBIDDEN');
  const endorsement = await created(as.post(`/policies/${me.policy.id}/endorsements`, holderEndorsement()));
  const approve = await as.post(`/policies/${me.policy.id}/endorsements/${endorsement.id}/approve`);
  expectError(t, approve, 403, 'FORBIDDEN');
  t.deepEqual(
    expectData<{ roles: { name: string }[] }>(t, await as.get('/auth/me')).roles.map((r) => r.name),
    ['agent'],
  );
});

test("one Idempotency-Key sent by two agents makes two records: neither is answered with the other's", async (t) => {
  const [me, other] = [await given.user(stack, { roles: ['agent'] }), await given.user(stack, { roles: ['agent'] })];
  const body = quotationBody('Same applicant');
  const headers = { 'idempotency-key': 'shared-key-1' };
  const mine = await api.as(me).post('/quotations', body, { headers });
  const theirs = await api.as(other).post('/quotations', body, { headers });
  t.is(expectData(t, mine, 201).agentId, me.id);
  t.is(expectData(t, theirs, 201).agentId, other.id);
  t.is(theirs.headers['idempotent-replayed'], undefined);
  t.is(expectData(t, await api.as(me).post('/quotations', body, { headers }), 201).id, mine.json().data.id);
});

// Found, not fixed: GET /claims/{id} embeds every note, document, payment and history entry. An agent may
// add shared notes (10,000 characters each) to a claim of theirs without end, and every reader of the
// claim then loads and serializes them all. The contract's remedy (section 16: the latest 20 of each with
// their counts, and paged /claims/{id}/notes, /documents, /payments, /history) is a feature of its own.
test('a claim read embeds the latest 20 notes, not every one an agent ever added (contract 16)', async (t) => {
  const agent = await given.user(stack, { roles: ['agent'] });
  const claim = await fileClaim(api.as(agent), (await given.policy(stack, { agentId: agent.id })).id);
  for (let i = 0; i < 21; i++)
    await created(api.as(agent).post(`/claims/${claim.id}/notes`, { body: `note ${i}`, visibility: 'shared' }));
  const read = expectData<{ notes: unknown[]; history: unknown[] }>(t, await api.as(admin).get(`/claims/${claim.id}`));
  t.true(read.notes.length <= 20 && read.history.length <= 20);
});
