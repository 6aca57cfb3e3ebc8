import test from 'ava';
import { PERMISSION_NAMES } from '../../../shared/catalogues.js';
import { ADMIN_ROLE_ID } from '../../../shared/domain/access/system-roles.js';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { duringRoleChange } from '../../helpers/concurrency.js';
import { auditOn, sqlOn, unique } from '../../helpers/db.js';
import { expectData, expectError, expectValidation, missing } from '../../helpers/expect.js';
import { given, type SignedIn, systemRole } from '../../helpers/given.js';

/** The roles of a user: assigning and removing them, and nobody grants more than they hold. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const AGENT = systemRole('agent');
const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const assign = (who: SignedIn, userId: string, roleId: string) =>
  api.as(who).post(`/users/${userId}/roles`, { roleId });

test('assigning a role without role:write answers 403 with missingPermissions [role:write]', async (t) => {
  const caller = await given.user(stack, { permissions: ['user:read', 'user:write', 'data:scope:all'] });
  const user = await given.account(stack);
  expectError(t, await assign(caller, user.id, AGENT.id), 403, 'FORBIDDEN', missing('role:write'));
});

test('a role writer without every admin permission cannot give themselves the admin role', async (t) => {
  const held = ['role:write', 'user:read'];
  const caller = await given.user(stack, { permissions: held });
  expectError(
    t,
    await assign(caller, caller.id, ADMIN_ROLE_ID),
    403,
    'FORBIDDEN',
    missing(...PERMISSION_NAMES.filter((p) => !held.includes(p)).sort()),
  );
  t.deepEqual(await sql(`select 1 from user_roles where user_id = ? and role_id = ?`, [caller.id, ADMIN_ROLE_ID]), []);
});

test('a role writer lacking one admin permission cannot give anyone the admin role', async (t) => {
  const caller = await given.user(stack, { permissions: PERMISSION_NAMES.filter((p) => p !== 'queue:admin') });
  const user = await given.account(stack);
  expectError(t, await assign(caller, user.id, ADMIN_ROLE_ID), 403, 'FORBIDDEN', missing('queue:admin'));
  t.deepEqual(await sql(`select 1 from user_roles where user_id = ?`, [user.id]), []);
});

test('a role writer may assign a role whose permissions they all hold', async (t) => {
  const caller = await given.user(stack, { permissions: ['role:write', 'data:scope:all', ...AGENT.permissions] });
  const user = await given.account(stack);
  t.deepEqual(expectData(t, await assign(caller, user.id, AGENT.id)).roles, [{ id: AGENT.id, name: 'agent' }]);
});

test('an admin can assign the admin role, and the new holder has every permission at once', async (t) => {
  const target = await given.user(stack);
  t.deepEqual(expectData(t, await assign(admin, target.id, ADMIN_ROLE_ID)).roles, [
    { id: ADMIN_ROLE_ID, name: 'admin' },
  ]);
  const me = expectData(t, await api.as(target).get('/auth/me'));
  t.deepEqual([...me.permissions].sort(), [...PERMISSION_NAMES].sort());
});

test('assigning a role the user already has changes nothing and answers 200', async (t) => {
  const user = await given.account(stack);
  expectData(t, await assign(admin, user.id, AGENT.id));
  t.deepEqual(expectData(t, await assign(admin, user.id, AGENT.id)).roles, [{ id: AGENT.id, name: 'agent' }]);
  t.is((await auditOn(stack)(user.id, 'user.role_assign')).length, 1);
});

test('assigning an unknown roleId answers 400 on body.roleId', async (t) => {
  const user = await given.account(stack);
  expectValidation(t, await assign(admin, user.id, uuidv7()), ['body.roleId']);
});

test('a roleId that is not a uuid answers 400 on body.roleId', async (t) => {
  const user = await given.account(stack);
  expectValidation(t, await assign(admin, user.id, 'admin'), { 'body.roleId': 'format' });
});

test('DELETE /users/{id}/roles/{roleId} removes the role', async (t) => {
  const user = await given.account(stack);
  expectData(t, await assign(admin, user.id, AGENT.id));
  t.deepEqual(expectData(t, await api.as(admin).delete(`/users/${user.id}/roles/${AGENT.id}`)).roles, []);
  t.deepEqual(expectData(t, await api.as(admin).get(`/users/${user.id}`)).roles, []);
});

test('removing a role the user does not have answers 404', async (t) => {
  const user = await given.account(stack);
  expectError(t, await api.as(admin).delete(`/users/${user.id}/roles/${AGENT.id}`), 404, 'NOT_FOUND');
});

test('assigning a role that is being deleted at the same moment answers 400 on body.roleId, never 500', async (t) => {
  const role = await given.role(stack, [], { name: `doomed-${unique()}` });
  const user = await given.account(stack);
  const res = await duringRoleChange(
    stack,
    role.id,
    (q) => q(`delete from roles where id = $1`, [role.id]).then(() => undefined),
    () => assign(admin, user.id, role.id),
  );
  expectValidation(t, res, ['body.roleId']);
});

test('a permission added to a role while it is being assigned is checked against the granter too', async (t) => {
  const role = await given.role(stack, ['claim:read'], { name: `growing-${unique()}` });
  const granter = await given.user(stack, { permissions: ['role:write', 'data:scope:all', 'claim:read'] });
  const user = await given.account(stack);
  const res = await duringRoleChange(
    stack,
    role.id,
    (q) =>
      q(`insert into role_permissions (role_id, permission) values ($1, 'claim:pay')`, [role.id]).then(() => undefined),
    () => assign(granter, user.id, role.id),
  );
  expectError(t, res, 403, 'FORBIDDEN', missing('claim:pay'));
  t.deepEqual(await sql(`select 1 from user_roles where user_id = ?`, [user.id]), []);
});
