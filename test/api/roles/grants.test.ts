import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { duringRoleChange } from '../../helpers/concurrency.js';
import { sqlOn, unique } from '../../helpers/db.js';
import { expectData, expectError, missing } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { createRole } from '../../helpers/through-api.js';

/**
 * Nobody grants what they do not hold: role writes need role:write, data scope all (roles are
 * platform-wide) and every permission they hand out.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const roleName = (label = 'role') => `${label}-${unique()}`;
const permissionsOf = async (id: string) =>
  (await api.as(admin).get(`/roles/${id}`)).json().data.permissions as string[];

test('a role writer cannot create a role with a permission they do not hold: 403 with missingPermissions', async (t) => {
  const writer = await given.user(stack, { permissions: ['role:read', 'role:write', 'data:scope:all', 'claim:read'] });
  const name = roleName('escalate');
  const res = await api.as(writer).post('/roles', { name, permissions: ['claim:read', 'claim:pay', 'user:write'] });
  expectError(t, res, 403, 'FORBIDDEN', missing('claim:pay', 'user:write'));
  t.deepEqual(await sql(`select 1 from roles where name = ?`, [name]), []);
  expectData(t, await api.as(writer).post('/roles', { name, permissions: ['claim:read'] }), 201);
});

test('a role writer cannot add a permission they do not hold to a role, not even their own', async (t) => {
  const writer = await given.user(stack, { permissions: ['role:read', 'role:write', 'data:scope:all', 'claim:read'] });
  const [own] = await sql(`select role_id from user_roles where user_id = ?`, [writer.id]);
  const res = await api.as(writer).put(`/roles/${own.role_id}/permissions`, {
    permissions: ['role:read', 'role:write', 'data:scope:all', 'claim:read', 'claim:settle'],
  });
  expectError(t, res, 403, 'FORBIDDEN', missing('claim:settle'));
  const other = await createRole(api.as(admin), { permissions: ['claim:read'] });
  expectError(
    t,
    await api.as(writer).put(`/roles/${other.id}/permissions`, { permissions: ['claim:read', 'user:write'] }),
    403,
    'FORBIDDEN',
    missing('user:write'),
  );
  t.deepEqual(await permissionsOf(other.id), ['claim:read']);
  const me = expectData(t, await api.as(writer).get('/auth/me'));
  t.deepEqual([...me.permissions].sort(), ['claim:read', 'data:scope:all', 'role:read', 'role:write']);
});

test('a permission being revoked from a role at the same moment cannot be put back by someone who lacks it', async (t) => {
  const role = await createRole(api.as(admin), { permissions: ['claim:read', 'claim:pay'] });
  const writer = await given.user(stack, { permissions: ['role:write', 'data:scope:all', 'claim:read'] });
  const res = await duringRoleChange(
    stack,
    role.id,
    (q) => q(`delete from role_permissions where role_id = $1 and permission = 'claim:pay'`, [role.id]),
    () => api.as(writer).put(`/roles/${role.id}/permissions`, { permissions: ['claim:read', 'claim:pay'] }),
  );
  expectError(t, res, 403, 'FORBIDDEN', missing('claim:pay'));
  t.deepEqual(await permissionsOf(role.id), ['claim:read']);
});

test('without role:write, roles cannot be created, changed or deleted', async (t) => {
  const reader = await given.user(stack, { permissions: ['role:read'] });
  const role = await createRole(api.as(admin));
  const attempts = [
    await api.as(reader).post('/roles', { name: roleName() }),
    await api.as(reader).patch(`/roles/${role.id}`, { name: roleName() }),
    await api.as(reader).put(`/roles/${role.id}/permissions`, { permissions: [] }),
    await api.as(reader).delete(`/roles/${role.id}`),
  ];
  for (const res of attempts) expectError(t, res, 403, 'FORBIDDEN', missing('role:write'));
});
