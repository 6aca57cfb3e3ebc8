import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { claimIn, fileClaim } from '../../helpers/claims.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, missing } from '../../helpers/expect.js';
import { given, systemRole } from '../../helpers/given.js';

/**
 * A machine client is no way around the rules that bind people: whoever changes a client (a new
 * secret, revocation) holds every permission it holds, a client counts as its creator for four eyes,
 * and the users API does not act on clients.
 */
let { stack, api, admin, colleague } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin, colleague } = s));

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
async function tokenOf(c: { clientId: string; clientSecret: string }): Promise<string> {
  const res = await stack.app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
  });
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}
const FOUR_EYES = { reason: 'four_eyes' };
const settle = { amount: { amountMinor: 1_000, currency: 'KES' } };
const payment = {
  amount: { amountMinor: 1_000, currency: 'KES' },
  method: 'bank_transfer',
  reference: 'CP-1',
  paidAt: new Date().toISOString(),
};

test('a new secret or a revocation needs every permission the client holds: 403 naming the missing ones, nothing changed', async (t) => {
  const strong = await given.role(stack, ['user:read', 'user:write', 'data:scope:all']);
  const made = expectData(
    t,
    await api.as(admin).post('/api-clients', { name: 'strong', roleIds: [strong.id], insurerId: 'INS-CP' }),
    201,
  );
  const weak = await given.user(stack, { permissions: ['api_client:read', 'api_client:write'], insurerId: 'INS-CP' });
  const wanted = missing('data:scope:all', 'user:read', 'user:write');
  expectError(t, await api.as(weak).post(`/api-clients/${made.id}/rotate-secret`), 403, 'FORBIDDEN', wanted);
  expectError(t, await api.as(weak).delete(`/api-clients/${made.id}`), 403, 'FORBIDDEN', wanted);
  // The old secret still works and the client is active: nothing of either request was applied.
  t.truthy(await tokenOf(made));
  t.is(expectData(t, await api.as(admin).get(`/api-clients/${made.id}`)).status, 'active');

  // Someone of the same insurer holding what the client holds rotates and revokes it.
  const peer = await given.user(stack, {
    permissions: ['api_client:read', 'api_client:write', 'user:read', 'user:write', 'data:scope:all'],
    insurerId: 'INS-CP',
  });
  const rotated = expectData(t, await api.as(peer).post(`/api-clients/${made.id}/rotate-secret`));
  t.truthy(await tokenOf(rotated));
  t.is((await api.as(peer).delete(`/api-clients/${made.id}`)).statusCode, 204);
});

test('four eyes on accounts: a user made by the staff member’s own client is not activated by that staff member', async (t) => {
  const staff = await given.user(stack, {
    permissions: [
      ...systemRole('insurer_staff').permissions,
      'user:read',
      'user:write',
      'user:activate',
      'api_client:write',
    ],
    insurerId: 'INS-CP4',
  });
  const role = await given.role(stack, ['user:read', 'user:write']);
  const robot = expectData(t, await api.as(staff).post('/api-clients', { name: 'my robot', roleIds: [role.id] }), 201);
  const second = expectData(
    t,
    await api.as(await tokenOf(robot)).post('/users', {
      email: 'other-self@example.test',
      name: 'Other Self',
      password: 'my-other-self-password-1',
    }),
    201,
  );
  expectError(t, await api.as(staff).post(`/users/${second.id}/activate`), 403, 'FORBIDDEN', FOUR_EYES);
  t.is(expectData(t, await api.as(admin).get(`/users/${second.id}`)).status, 'pending');
});

test('four eyes on claims: a client settles and pays no claim its creator filed, and its creator none the client filed', async (t) => {
  const perms = ['claim:read', 'claim:file', 'claim:review', 'claim:settle', 'claim:pay', 'data:scope:all'];
  const role = await given.role(stack, perms);
  const robot = expectData(
    t,
    await api.as(admin).post('/api-clients', { name: 'claims robot', roleIds: [role.id] }),
    201,
  );
  const asRobot = api.as(await tokenOf(robot));
  const policy = (await given.policy(stack, { agentId: admin.id })).id;

  const filedByAdmin = await claimIn(api.as(colleague), policy, 'under_review', { filer: api.as(admin) });
  expectError(t, await asRobot.post(`/claims/${filedByAdmin.id}/settle`, settle), 403, 'FORBIDDEN', FOUR_EYES);
  expectData(t, await api.as(colleague).post(`/claims/${filedByAdmin.id}/settle`, settle));
  expectError(t, await asRobot.post(`/claims/${filedByAdmin.id}/payments`, payment), 403, 'FORBIDDEN', FOUR_EYES);

  const filedByRobot = await fileClaim(asRobot, policy);
  expectData(t, await api.as(colleague).post(`/claims/${filedByRobot.id}/review`));
  expectError(t, await api.as(admin).post(`/claims/${filedByRobot.id}/settle`, settle), 403, 'FORBIDDEN', FOUR_EYES);
  // Someone else checks either one.
  t.is(expectData(t, await api.as(colleague).post(`/claims/${filedByRobot.id}/settle`, settle)).status, 'settled');
});

test('four eyes count whoever rotated a client’s secret as answering for it: they check nothing it made', async (t) => {
  const filer = await given.role(stack, ['claim:read', 'claim:file', 'policy:read', 'data:scope:all']);
  const portal = expectData(t, await api.as(admin).post('/api-clients', { name: 'portal', roleIds: [filer.id] }), 201);
  // Someone else takes the client's secret by rotating it, then files through it and checks the claim.
  const staff = await given.user(stack, {
    permissions: ['api_client:read', 'api_client:write', 'claim:read', 'claim:file', 'claim:review', 'claim:settle'],
  });
  expectData(t, await api.as(admin).post(`/users/${staff.id}/roles`, { roleId: filer.id }));
  const rotated = expectData(t, await api.as(staff).post(`/api-clients/${portal.id}/rotate-secret`));
  const policy = (await given.policy(stack, { agentId: admin.id })).id;
  const claim = await fileClaim(api.as(await tokenOf(rotated)), policy);
  expectData(t, await api.as(staff).post(`/claims/${claim.id}/review`));
  expectError(t, await api.as(staff).post(`/claims/${claim.id}/settle`, settle), 403, 'FORBIDDEN', FOUR_EYES);
  t.is(expectData(t, await api.as(colleague).post(`/claims/${claim.id}/settle`, settle)).status, 'settled');
});

test('a dispute is not triaged or resolved through a client of its raiser’s', async (t) => {
  const officer = await given.user(stack, {
    permissions: [
      'dispute:read',
      'dispute:raise',
      'dispute:triage',
      'dispute:resolve',
      'data:scope:all',
      'api_client:write',
    ],
  });
  const role = await given.role(stack, ['dispute:read', 'dispute:triage', 'dispute:resolve', 'data:scope:all']);
  const robot = api.as(
    await tokenOf(
      expectData(t, await api.as(officer).post('/api-clients', { name: 'disputes robot', roleIds: [role.id] }), 201),
    ),
  );
  const raised = expectData(
    t,
    await api
      .as(officer)
      .post('/disputes', { subjectType: 'commission', subjectId: 'COM-1', reason: 'My own complaint' }),
    201,
  );
  expectError(t, await robot.post(`/disputes/${raised.id}/triage`, { severity: 'low' }), 403, 'FORBIDDEN', FOUR_EYES);
  expectData(t, await api.as(admin).post(`/disputes/${raised.id}/triage`, { severity: 'low' }));
  expectError(
    t,
    await robot.post(`/disputes/${raised.id}/resolve`, { outcome: 'upheld', resolution: 'Pay me' }),
    403,
    'FORBIDDEN',
    FOUR_EYES,
  );
  t.is(expectData(t, await api.as(admin).get(`/disputes/${raised.id}`)).status, 'triaged');
});

test('the users API does not act on a machine client: suspend, activate and archive answer 404 and the client keeps working', async (t) => {
  const role = await given.role(stack, ['claim:read']);
  const made = expectData(
    t,
    await api.as(admin).post('/api-clients', { name: 'victim', roleIds: [role.id], insurerId: 'INS-CPU' }),
    201,
  );
  const staff = await given.user(stack, {
    permissions: ['user:read', 'user:suspend', 'user:activate', 'claim:read'],
    insurerId: 'INS-CPU',
  });
  for (const action of ['suspend', 'activate', 'archive'])
    expectError(
      t,
      await api.as(staff).post(`/users/${made.id}/${action}`, { reason: 'x' }),
      404,
      'NOT_FOUND',
      undefined,
      action,
    );
  const [row] = await sqlOn(stack)('select status from users where id = ?', [made.id]);
  t.is(row.status, 'active');
  t.is((await api.as(await tokenOf(made)).get('/claims')).statusCode, 200);
  t.is(expectData(t, await api.as(admin).get(`/api-clients/${made.id}`)).status, 'active');
});

test('an account whose user.create entry names the system, not a user, is activated as before (four eyes look no further)', async (t) => {
  const pending = await given.account(stack, { status: 'pending', insurerId: 'INS-CPS' });
  await sqlOn(stack)(
    `insert into audit_entries (id, commit_seq, actor, action, subject_type, subject_id, summary, occurred_at)
     values (gen_random_uuid(), nextval('audit_commit_seq'), 'system', 'user.create', 'user', ?, '{}', now())`,
    [pending.id],
  );
  const staff = await given.user(stack, { permissions: ['user:read', 'user:activate'], insurerId: 'INS-CPS' });
  t.is(expectData(t, await api.as(staff).post(`/users/${pending.id}/activate`)).status, 'active');
});
