import test from 'ava';
import pg from 'pg';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn, unique } from '../../helpers/db.js';
import { expectData, expectError, expectNoContent, expectValidation } from '../../helpers/expect.js';
import { given, systemRole } from '../../helpers/given.js';
import { databaseUrl, waitFor } from '../../helpers/stack.js';
import { createRole } from '../../helpers/through-api.js';

/** Creating, renaming and deleting roles: names unique in any case, system roles fixed, held roles kept; all audited. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const roleName = (label = 'role') => `${label}-${unique()}`;
const readRole = async (id: string) => (await api.as(admin).get(`/roles/${id}`)).json().data;

// ---- Creating ----

test('POST /roles creates a custom role with its permissions (201)', async (t) => {
  const name = roleName('Branch Staff');
  const role = expectData(
    t,
    await api
      .as(admin)
      .post('/roles', { name, description: 'Branch counter staff', permissions: ['policy:read', 'claim:read'] }),
    201,
  );
  t.like(role, { name, description: 'Branch counter staff', system: false });
  t.deepEqual(role.permissions, ['claim:read', 'policy:read']);
  t.deepEqual(await readRole(role.id), role);
});

test('a role name already taken, in any letter case, answers 409 CONFLICT', async (t) => {
  const role = await createRole(api.as(admin));
  expectError(t, await api.as(admin).post('/roles', { name: role.name.toUpperCase() }), 409, 'CONFLICT');
  expectError(t, await api.as(admin).post('/roles', { name: 'Admin' }), 409, 'CONFLICT');
});

test('unknown permission names answer 400 with one details entry per bad name', async (t) => {
  const name = roleName();
  const res = await api
    .as(admin)
    .post('/roles', { name, permissions: ['policy:read', 'policy:fly', 'claim:read', 'root:everything'] });
  expectValidation(t, res, ['body.permissions.1', 'body.permissions.3']);
  t.deepEqual(await sql(`select 1 from roles where name = ?`, [name]), []);
});

test('a permission name that is not even shaped like one answers 400 on its index', async (t) => {
  expectValidation(
    t,
    await api.as(admin).post('/roles', { name: roleName(), permissions: ['policy:read', 'DROP TABLE'] }),
    ['body.permissions.1'],
  );
});

// ---- Renaming ----

test('PATCH /roles/{id} renames a custom role and changes its description', async (t) => {
  const role = await createRole(api.as(admin), { permissions: ['claim:read'] });
  const name = roleName('renamed');
  const renamed = expectData(t, await api.as(admin).patch(`/roles/${role.id}`, { name, description: 'New words' }));
  t.like(renamed, { name, description: 'New words' });
  t.deepEqual(renamed.permissions, ['claim:read']);
});

test('renaming a role to a name already taken answers 409 CONFLICT', async (t) => {
  const a = await createRole(api.as(admin));
  const b = await createRole(api.as(admin));
  expectError(t, await api.as(admin).patch(`/roles/${b.id}`, { name: a.name.toUpperCase() }), 409, 'CONFLICT');
});

test('renaming a role to a name another request is taking at the same moment answers 409, never 500', async (t) => {
  const role = await createRole(api.as(admin));
  const name = roleName('contested');
  const other = new pg.Client({ connectionString: databaseUrl(stack.database) });
  await other.connect();
  try {
    await other.query('begin');
    await other.query(`insert into roles (id, name) values ($1, $2)`, [uuidv7(), name]);
    const pending = api.as(admin).patch(`/roles/${role.id}`, { name });
    await waitFor(
      async () =>
        (
          await sql(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type in ('Lock', 'LWLock') and query ilike '%update "roles"%'`,
          )
        ).length > 0,
      'the rename to wait for the other insert',
    );
    await other.query('commit');
    expectError(t, await pending, 409, 'CONFLICT');
  } finally {
    await other.query('rollback').catch(() => undefined);
    await other.end();
  }
  t.is((await readRole(role.id)).name, role.name);
});

test('renaming a system role answers 422 INVARIANT_VIOLATION', async (t) => {
  const underwriter = systemRole('underwriter').id;
  expectError(
    t,
    await api.as(admin).patch(`/roles/${underwriter}`, { name: 'risk_people' }),
    422,
    'INVARIANT_VIOLATION',
  );
  t.is((await readRole(underwriter)).name, 'underwriter');
});

test('PATCH /roles/{id} with an empty body answers 400', async (t) => {
  const role = await createRole(api.as(admin));
  expectError(t, await api.as(admin).patch(`/roles/${role.id}`, {}), 400, 'VALIDATION_ERROR');
});

// ---- Deleting ----

test('deleting a system role answers 422 INVARIANT_VIOLATION', async (t) => {
  for (const name of ['admin', 'agent']) {
    expectError(
      t,
      await api.as(admin).delete(`/roles/${systemRole(name).id}`),
      422,
      'INVARIANT_VIOLATION',
      undefined,
      name,
    );
    expectData(t, await api.as(admin).get(`/roles/${systemRole(name).id}`), 200, name);
  }
});

test('deleting a role still assigned to a user answers 409 CONFLICT', async (t) => {
  const role = await createRole(api.as(admin), { permissions: ['claim:read'] });
  const holder = await given.user(stack);
  expectData(t, await api.as(admin).post(`/users/${holder.id}/roles`, { roleId: role.id }));
  expectError(t, await api.as(admin).delete(`/roles/${role.id}`), 409, 'CONFLICT');
  expectData(t, await api.as(admin).get(`/roles/${role.id}`));
});

test('deleting an unassigned custom role answers 204, and the role is then 404', async (t) => {
  const role = await createRole(api.as(admin), { permissions: ['claim:read'] });
  const res = await api.as(admin).delete(`/roles/${role.id}`);
  expectNoContent(t, res);
  t.truthy(res.headers['x-request-id']);
  expectError(t, await api.as(admin).get(`/roles/${role.id}`), 404, 'NOT_FOUND');
  expectError(t, await api.as(admin).delete(`/roles/${role.id}`), 404, 'NOT_FOUND');
});

test('a role freed of its last holder can be deleted', async (t) => {
  const role = await createRole(api.as(admin));
  const holder = await given.user(stack);
  expectData(t, await api.as(admin).post(`/users/${holder.id}/roles`, { roleId: role.id }));
  expectData(t, await api.as(admin).delete(`/users/${holder.id}/roles/${role.id}`));
  expectNoContent(t, await api.as(admin).delete(`/roles/${role.id}`));
});

// ---- Audit ----

test('role changes are audited with the real actor and the requestId', async (t) => {
  const created = await api.as(admin).post('/roles', { name: roleName('audited') });
  const id = expectData(t, created, 201).id;
  const updated = await api.as(admin).patch(`/roles/${id}`, { description: 'x' });
  expectData(t, updated);
  const permissions = await api.as(admin).put(`/roles/${id}/permissions`, { permissions: ['claim:read'] });
  expectData(t, permissions);
  const deleted = await api.as(admin).delete(`/roles/${id}`);
  expectNoContent(t, deleted);
  const ids = Object.fromEntries(
    Object.entries({ create: created, update: updated, set_permissions: permissions, delete: deleted }).map(
      ([action, res]) => [action, res.headers['x-request-id']],
    ),
  );
  for (const [action, requestId] of Object.entries(ids)) {
    const entries = await sql(`select actor, request_id from audit_entries where subject_id = ? and action = ?`, [
      id,
      `role.${action}`,
    ]);
    t.is(entries.length, 1, action);
    t.deepEqual({ ...entries[0] }, { actor: admin.id, request_id: requestId }, action);
  }
});
