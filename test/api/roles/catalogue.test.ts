import test, { type ExecutionContext } from 'ava';
import { PERMISSION_NAMES, PERMISSIONS } from '../../../shared/catalogues.js';
import { ADMIN_ROLE_ID } from '../../../shared/domain/access/system-roles.js';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectError, expectValidation, missing } from '../../helpers/expect.js';
import { given, systemRole } from '../../helpers/given.js';
import { createRole } from '../../helpers/through-api.js';

/** Reading the permission catalogue and the roles: the seeded system roles, paging, one role. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const SYSTEM_ROLE_NAMES = ['admin', 'agent', 'claims_handler', 'compliance_officer', 'insurer_staff', 'underwriter'];
type Listed = { id: string; name: string; system: boolean; permissions: string[] };

/** Every role, two a page, following nextCursor to the end. */
async function allRoles(t: ExecutionContext, query = '') {
  const roles: Listed[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const res = await api
      .as(admin)
      .get(`/roles?limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    roles.push(...expectData<Listed[]>(t, res));
    cursor = res.json().meta.page.nextCursor;
    if (!cursor) break;
  }
  return roles;
}

test('GET /permissions lists the whole catalogue, each with a description', async (t) => {
  const list = expectData<{ name: string; description: string }[]>(t, await api.as(admin).get('/permissions'));
  for (const name of [
    'claim:catastrophe:write',
    'investment:product:write',
    'notification_template:write',
    'quotation:respond',
    'quotation:expire',
  ]) {
    t.truthy(
      list.find((p) => p.name === name),
      name,
    );
  }
  for (const p of list) t.true(typeof p.description === 'string' && p.description.length > 0, p.name);
  t.deepEqual(list.map((p) => p.name).sort(), [...PERMISSION_NAMES].sort());
  t.is(new Set(list.map((p) => p.name)).size, list.length);
  t.deepEqual(Object.fromEntries(list.map((p) => [p.name, p.description])), PERMISSIONS);
});

test('GET /permissions needs role:read', async (t) => {
  const nobody = await given.user(stack, { permissions: ['user:read'] });
  expectError(t, await api.as(nobody).get('/permissions'), 403, 'FORBIDDEN', missing('role:read'));
});

test('GET /roles lists the six seeded system roles, flagged system', async (t) => {
  const roles = await allRoles(t);
  const system = roles.filter((r) => r.system);
  t.deepEqual(system.map((r) => r.name).sort(), SYSTEM_ROLE_NAMES);
  for (const r of system) t.is(r.id, systemRole(r.name).id, `${r.name} has its stable id`);
  t.is(new Set(roles.map((r) => r.id)).size, roles.length, 'no role twice across pages');
  const custom = await createRole(api.as(admin));
  t.false((await allRoles(t)).find((r) => r.id === custom.id)!.system);
});

test('GET /roles?sort=createdAt pages through every role once, also those created in the same transaction', async (t) => {
  for (const sort of ['createdAt', '-createdAt']) {
    const roles = await allRoles(t, `&sort=${sort}`);
    t.is(new Set(roles.map((r) => r.id)).size, roles.length, sort);
    t.deepEqual(
      roles
        .filter((r) => r.system)
        .map((r) => r.name)
        .sort(),
      SYSTEM_ROLE_NAMES,
      sort,
    );
  }
});

test('GET /roles?sort=password answers 400 on query.sort', async (t) => {
  expectValidation(t, await api.as(admin).get('/roles?sort=password'), ['query.sort.0']);
});

test('GET /roles/{id} returns a role with its permissions; the admin role holds the whole catalogue', async (t) => {
  const role = expectData(t, await api.as(admin).get(`/roles/${ADMIN_ROLE_ID}`));
  t.like(role, { id: ADMIN_ROLE_ID, name: 'admin', system: true });
  t.deepEqual([...role.permissions].sort(), [...PERMISSION_NAMES].sort());
  const agent = expectData(t, await api.as(admin).get(`/roles/${systemRole('agent').id}`));
  t.deepEqual([...agent.permissions].sort(), [...systemRole('agent').permissions].sort());
});

test('GET /roles/{id} of a missing role answers 404', async (t) => {
  expectError(t, await api.as(admin).get(`/roles/${uuidv7()}`), 404, 'NOT_FOUND');
});
