import test from 'ava';
import { PERMISSION_NAMES } from '../../../shared/catalogues.js';
import { ADMIN_ROLE_ID } from '../../../shared/domain/access/system-roles.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { createRole } from '../../helpers/through-api.js';

/** PUT /roles/{id}/permissions: the whole set replaced, checked against the catalogue, live for every holder at once. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const permissionsOf = async (id: string) =>
  (await api.as(admin).get(`/roles/${id}`)).json().data.permissions as string[];

test('PUT /roles/{id}/permissions replaces the whole set', async (t) => {
  const role = await createRole(api.as(admin), { permissions: ['policy:read', 'claim:read'] });
  t.deepEqual(
    expectData(
      t,
      await api.as(admin).put(`/roles/${role.id}/permissions`, { permissions: ['renewal:read', 'claim:read'] }),
    ).permissions,
    ['claim:read', 'renewal:read'],
  );
  t.deepEqual(
    expectData(t, await api.as(admin).put(`/roles/${role.id}/permissions`, { permissions: [] })).permissions,
    [],
  );
  t.deepEqual(await permissionsOf(role.id), []);
});

test('PUT /roles/{id}/permissions with unknown names answers 400 per name and changes nothing', async (t) => {
  const role = await createRole(api.as(admin), { permissions: ['policy:read'] });
  const res = await api
    .as(admin)
    .put(`/roles/${role.id}/permissions`, { permissions: ['made:up', 'claim:read', 'also:made:up'] });
  expectValidation(t, res, ['body.permissions.0', 'body.permissions.2']);
  t.deepEqual(await permissionsOf(role.id), ['policy:read']);
});

test('a permission change applies to the holders on their very next request', async (t) => {
  const role = await createRole(api.as(admin), { permissions: ['user:read'] });
  const holder = await given.user(stack);
  expectData(t, await api.as(admin).post(`/users/${holder.id}/roles`, { roleId: role.id }));
  expectError(t, await api.as(holder).get('/permissions'), 403, 'FORBIDDEN');
  expectData(t, await api.as(admin).put(`/roles/${role.id}/permissions`, { permissions: ['user:read', 'role:read'] }));
  expectData(t, await api.as(holder).get('/permissions'));
});

test('PUT on the admin role answers 422 INVARIANT_VIOLATION: it always holds every permission', async (t) => {
  expectError(
    t,
    await api.as(admin).put(`/roles/${ADMIN_ROLE_ID}/permissions`, { permissions: ['user:read'] }),
    422,
    'INVARIANT_VIOLATION',
  );
  t.deepEqual([...(await permissionsOf(ADMIN_ROLE_ID))].sort(), [...PERMISSION_NAMES].sort());
});
