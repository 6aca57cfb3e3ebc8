import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn, unique } from '../../helpers/db.js';
import { expectData, expectError, missing } from '../../helpers/expect.js';
import { given, systemRole } from '../../helpers/given.js';
import { createRole } from '../../helpers/through-api.js';

/**
 * Roles are platform-wide: only data scope all changes them, and a system role only at the hands of a
 * caller holding every permission it holds.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const roleName = (label = 'role') => `${label}-${unique()}`;
const readRole = async (id: string) => (await api.as(admin).get(`/roles/${id}`)).json().data;
const SIX = ['policy:issue', 'policy:cancel', 'claim:settle', 'claim:pay', 'user:write', 'user:suspend'];

test("an insurer-scoped role writer cannot give a role held by another insurer's user more permissions: 403", async (t) => {
  const role = await createRole(api.as(admin), { permissions: ['claim:read'] });
  const holder = await given.user(stack, { insurerId: 'INS-B' });
  expectData(t, await api.as(admin).post(`/users/${holder.id}/roles`, { roleId: role.id }));
  const writer = await given.user(stack, {
    insurerId: 'INS-A',
    permissions: ['role:read', 'role:write', 'claim:read', ...SIX],
  });
  expectError(
    t,
    await api.as(writer).put(`/roles/${role.id}/permissions`, { permissions: ['claim:read', ...SIX] }),
    403,
    'FORBIDDEN',
    missing('data:scope:all'),
  );
  t.deepEqual((await readRole(role.id)).permissions, ['claim:read']);
  const me = expectData(t, await api.as(holder).get('/auth/me'));
  t.deepEqual(me.permissions, ['claim:read']);
});

test('without data scope all, roles cannot be created, renamed or deleted, even holding every permission involved', async (t) => {
  const role = await createRole(api.as(admin), { permissions: ['claim:read'] });
  for (const insurerId of ['INS-A', null]) {
    const writer = await given.user(stack, { insurerId, permissions: ['role:read', 'role:write', 'claim:read'] });
    const name = roleName('scoped');
    const attempts = [
      await api.as(writer).post('/roles', { name, permissions: ['claim:read'] }),
      await api.as(writer).patch(`/roles/${role.id}`, { name, description: 'Renamed by a scoped writer' }),
      await api.as(writer).put(`/roles/${role.id}/permissions`, { permissions: [] }),
      await api.as(writer).delete(`/roles/${role.id}`),
    ];
    for (const res of attempts) expectError(t, res, 403, 'FORBIDDEN', missing('data:scope:all'), String(insurerId));
    t.deepEqual(await sql(`select 1 from roles where name = ?`, [name]), []);
  }
  t.like(await readRole(role.id), { name: role.name, description: null, permissions: ['claim:read'] });
});

test('a role writer of scope all still changes a custom role whose changes they hold', async (t) => {
  const writer = await given.user(stack, { permissions: ['role:read', 'role:write', 'data:scope:all', 'claim:read'] });
  const role = expectData(
    t,
    await api.as(writer).post('/roles', { name: roleName(), permissions: ['claim:read'] }),
    201,
  );
  const name = roleName('renamed');
  t.is(expectData(t, await api.as(writer).patch(`/roles/${role.id}`, { name })).name, name);
  t.deepEqual(
    expectData(t, await api.as(writer).put(`/roles/${role.id}/permissions`, { permissions: [] })).permissions,
    [],
  );
  t.is((await api.as(writer).delete(`/roles/${role.id}`)).statusCode, 204);
});

test('a system role is not changed by a caller lacking one of its permissions: 403 with the missing ones', async (t) => {
  const underwriter = systemRole('underwriter');
  const held = ['role:read', 'role:write', 'data:scope:all', 'policy:read', 'claim:read'];
  const writer = await given.user(stack, { permissions: held });
  const lacking = underwriter.permissions.filter((p) => !held.includes(p)).sort();
  const before = await readRole(underwriter.id);
  expectError(
    t,
    await api.as(writer).patch(`/roles/${underwriter.id}`, { description: 'Rewritten' }),
    403,
    'FORBIDDEN',
    missing(...lacking),
  );
  // Dropping permissions the writer holds would pass the grant rule alone.
  const res = await api.as(writer).put(`/roles/${underwriter.id}/permissions`, {
    permissions: underwriter.permissions.filter((p) => p !== 'policy:read' && p !== 'claim:read'),
  });
  expectError(t, res, 403, 'FORBIDDEN', missing(...lacking));
  t.deepEqual(await readRole(underwriter.id), before);
});

test('a caller holding every permission of a system role may change its description and permissions', async (t) => {
  const officer = systemRole('compliance_officer');
  const writer = await given.user(stack, { permissions: ['role:write', ...officer.permissions] });
  t.is(
    expectData(t, await api.as(writer).patch(`/roles/${officer.id}`, { description: 'Oversight' })).description,
    'Oversight',
  );
  const fewer = officer.permissions.filter((p) => p !== 'claim:read');
  t.deepEqual(
    expectData(t, await api.as(writer).put(`/roles/${officer.id}/permissions`, { permissions: fewer })).permissions,
    [...fewer].sort(),
  );
});

test('the admin role is changed by nobody lacking a permission, and keeps every permission even for an admin', async (t) => {
  const admins = systemRole('admin');
  const almost = await given.user(stack, {
    permissions: admins.permissions.filter((p) => p !== 'queue:admin'),
  });
  expectError(
    t,
    await api.as(almost).patch(`/roles/${admins.id}`, { description: 'Mine now' }),
    403,
    'FORBIDDEN',
    missing('queue:admin'),
  );
  expectError(
    t,
    await api.as(almost).put(`/roles/${admins.id}/permissions`, { permissions: [] }),
    403,
    'FORBIDDEN',
    missing('queue:admin'),
  );
  expectError(
    t,
    await api.as(admin).put(`/roles/${admins.id}/permissions`, { permissions: [] }),
    422,
    'INVARIANT_VIOLATION',
  );
  t.is((await readRole(admins.id)).description, admins.description);
});
