import test from 'ava';
import { PERMISSION_NAMES } from '../../../shared/catalogues.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { duringRoleChange } from '../../helpers/concurrency.js';
import { sqlOn, unique } from '../../helpers/db.js';
import { expectData, expectError, missing } from '../../helpers/expect.js';
import { given, systemRole } from '../../helpers/given.js';

/**
 * Rank: acting on a user (update, suspend, archive, activate, role removal) needs every permission the
 * user holds; nobody disables or demotes someone who outranks them. Role grants stay within the scope.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const AGENT = systemRole('agent');
const CLAIMS = systemRole('claims_handler');
const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const statusOf = async (id: string) => (await sql(`select status from users where id = ?`, [id]))[0].status;
const rolesOf = async (id: string) =>
  (await sql(`select role_id from user_roles where user_id = ? order by role_id`, [id])).map((r) => r.role_id);

test('a holder of user:suspend cannot suspend or archive an admin: 403 with the permissions they lack', async (t) => {
  const held = ['user:read', 'user:suspend', 'data:scope:all'];
  const suspender = await given.user(stack, { permissions: held });
  const target = await given.account(stack, { roles: ['admin'] });
  const lacking = PERMISSION_NAMES.filter((p) => !held.includes(p)).sort();
  const refused = expectError(
    t,
    await api.as(suspender).post(`/users/${target.id}/suspend`, { reason: 'Takeover' }),
    403,
    'FORBIDDEN',
    missing(...lacking),
  );
  t.regex(refused.message, /holds permissions you do not hold/);
  expectError(t, await api.as(suspender).post(`/users/${target.id}/archive`), 403, 'FORBIDDEN', missing(...lacking));
  t.is(await statusOf(target.id), 'active');
});

test('updating, activating or removing a role from someone holding more answers 403, and nothing changes', async (t) => {
  const held = ['user:read', 'user:write', 'user:activate', 'role:write', 'data:scope:all', ...AGENT.permissions];
  const caller = await given.user(stack, { permissions: held });
  const target = await given.account(stack, { roles: ['agent', 'claims_handler'], name: 'Kept', status: 'suspended' });
  const lacking = CLAIMS.permissions.filter((p) => !held.includes(p)).sort();
  const attempts = {
    update: await api.as(caller).patch(`/users/${target.id}`, { name: 'Renamed' }),
    activate: await api.as(caller).post(`/users/${target.id}/activate`),
    removeRole: await api.as(caller).delete(`/users/${target.id}/roles/${AGENT.id}`),
  };
  for (const [label, res] of Object.entries(attempts))
    expectError(t, res, 403, 'FORBIDDEN', missing(...lacking), label);
  const [row] = await sql(`select name, status from users where id = ?`, [target.id]);
  t.deepEqual({ ...row }, { name: 'Kept', status: 'suspended' });
  t.deepEqual(await rolesOf(target.id), [AGENT.id, CLAIMS.id].sort());
});

test('a caller holding every permission of the user may update, suspend, activate, archive them and remove a role', async (t) => {
  const caller = await given.user(stack, {
    permissions: ['user:read', 'user:write', 'user:suspend', 'user:activate', 'role:write', 'data:scope:all'],
  });
  const target = await given.account(stack, { permissions: ['user:read', 'data:scope:all'] });
  expectData(t, await api.as(caller).patch(`/users/${target.id}`, { name: 'Renamed' }));
  expectData(t, await api.as(caller).post(`/users/${target.id}/suspend`, { reason: 'Check' }));
  expectData(t, await api.as(caller).post(`/users/${target.id}/activate`));
  const [own] = await rolesOf(target.id);
  t.deepEqual(expectData(t, await api.as(caller).delete(`/users/${target.id}/roles/${own}`)).roles, []);
  t.is(expectData(t, await api.as(caller).post(`/users/${target.id}/archive`)).status, 'archived');
});

test("a permission added to the user's role during a suspension is checked against the suspender too", async (t) => {
  const role = await given.role(stack, ['claim:read'], { name: `rising-${unique()}` });
  const suspender = await given.user(stack, {
    permissions: ['user:read', 'user:suspend', 'data:scope:all', 'claim:read'],
  });
  const target = await given.account(stack, { roles: [role.id] });
  const res = await duringRoleChange(
    stack,
    role.id,
    (q) => q(`insert into role_permissions (role_id, permission) values ($1, 'claim:pay')`, [role.id]),
    () => api.as(suspender).post(`/users/${target.id}/suspend`, { reason: 'Race' }),
  );
  expectError(t, res, 403, 'FORBIDDEN', missing('claim:pay'));
  t.is(await statusOf(target.id), 'active');
});

test("an insurer-scoped role writer cannot assign or remove roles of another insurer's users: 404 as if absent", async (t) => {
  const writer = await given.user(stack, {
    insurerId: 'INS-A',
    permissions: ['user:read', 'role:write', ...AGENT.permissions],
  });
  const theirs = await given.account(stack, { insurerId: 'INS-B', roles: ['agent'] });
  const other = await given.account(stack, { insurerId: 'INS-B' });
  expectError(t, await api.as(writer).post(`/users/${other.id}/roles`, { roleId: AGENT.id }), 404, 'NOT_FOUND');
  expectError(t, await api.as(writer).delete(`/users/${theirs.id}/roles/${AGENT.id}`), 404, 'NOT_FOUND');
  t.deepEqual(await rolesOf(other.id), []);
  t.deepEqual(await rolesOf(theirs.id), [AGENT.id]);
});

test('an insurer-scoped role writer assigns and removes, within their insurer, roles whose permissions they hold', async (t) => {
  const writer = await given.user(stack, {
    insurerId: 'INS-A',
    permissions: ['user:read', 'role:write', ...AGENT.permissions],
  });
  const mine = await given.account(stack, { insurerId: 'INS-A' });
  expectError(
    t,
    await api.as(writer).post(`/users/${mine.id}/roles`, { roleId: CLAIMS.id }),
    403,
    'FORBIDDEN',
    missing(...CLAIMS.permissions.filter((p) => !AGENT.permissions.includes(p)).sort()),
  );
  t.deepEqual(expectData(t, await api.as(writer).post(`/users/${mine.id}/roles`, { roleId: AGENT.id })).roles, [
    { id: AGENT.id, name: 'agent' },
  ]);
  t.deepEqual(expectData(t, await api.as(writer).delete(`/users/${mine.id}/roles/${AGENT.id}`)).roles, []);
  expectData(t, await api.as(admin).get(`/users/${mine.id}`));
});

test('taking a permission out of a role held by someone who outranks the caller answers 403, and the role keeps it; adding one does not need rank', async (t) => {
  // The boss holds a custom role and more; the lesser role writer holds the permission taken out, not the boss's rank.
  const shared = await given.role(stack, ['claim:read', 'claim:pay', 'user:read']);
  const boss = await given.account(stack, { roles: [shared.id, 'claims_handler'] });
  const held = ['role:read', 'role:write', 'data:scope:all', 'claim:read', 'claim:pay', 'user:read', 'policy:read'];
  const lesser = await given.user(stack, { permissions: held });
  const lacking = [...new Set(CLAIMS.permissions)].filter((p) => !held.includes(p)).sort();
  expectError(
    t,
    await api.as(lesser).put(`/roles/${shared.id}/permissions`, { permissions: ['claim:read', 'user:read'] }),
    403,
    'FORBIDDEN',
    missing(...lacking),
  );
  const permissionsOf = async () =>
    (await sql(`select permission from role_permissions where role_id = ? order by 1`, [shared.id])).map(
      (r) => r.permission,
    );
  t.deepEqual(await permissionsOf(), ['claim:pay', 'claim:read', 'user:read']);
  // A grant demotes nobody; and once the boss no longer holds the role, the lesser writer may take from it.
  expectData(
    t,
    await api
      .as(lesser)
      .put(`/roles/${shared.id}/permissions`, { permissions: [...(await permissionsOf()), 'policy:read'] }),
  );
  expectData(t, await api.as(admin).delete(`/users/${boss.id}/roles/${shared.id}`), 200);
  expectData(t, await api.as(lesser).put(`/roles/${shared.id}/permissions`, { permissions: ['claim:read'] }));
  t.deepEqual(await permissionsOf(), ['claim:read']);
});
