import test from 'ava';
import type { LightMyRequestResponse } from 'fastify';
import { seedReferenceData } from '../../shared/db/seed.js';
import { PERMISSIONS, PERMISSION_NAMES } from '../../shared/domain/access/permissions.js';
import { ADMIN_ROLE_ID, SYSTEM_ROLES } from '../../shared/domain/access/system-roles.js';
import { uuidv7 } from '../../shared/ids.js';
import { bearer, login, userWith, type TestUser } from '../helpers/identity.js';
import { databaseUrl, startStack, waitFor, type Stack } from '../helpers/stack.js';
import { duringRoleChange } from '../helpers/concurrency.js';

let stack: Stack;
/** Holds every permission of the catalogue. */
let admin: TestUser;
test.before(async () => {
  stack = await startStack();
  admin = await userWith(stack.app, stack.orm, [...PERMISSION_NAMES]);
});
test.after.always(async () => { await stack?.close(); });

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function call(who: { token: string }, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}, app = stack.app) {
  return app.inject({ method, url, headers: { ...bearer(who), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack.orm.em.fork().execute<T[]>(query, params);
const unique = () => uuidv7().replace(/-/g, '').slice(-12);
const roleName = (label = 'role') => `${label}-${unique()}`;
const fields = (res: LightMyRequestResponse) => (res.json().error.details as { field: string }[]).map((d) => d.field).sort();
const SYSTEM_ROLE_NAMES = ['admin', 'agent', 'claims_handler', 'compliance_officer', 'insurer_staff', 'underwriter'];
const roleId = (name: string) => SYSTEM_ROLES.find((r) => r.name === name)!.id;

async function createRole(body: { name?: string; description?: string; permissions?: string[] } = {}) {
  const res = await call(admin, 'POST', '/roles', { name: roleName(), ...body });
  if (res.statusCode !== 201) throw new Error(`create role failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; name: string; description: string | null; system: boolean; permissions: string[] };
}
/** Every role, following nextCursor to the end. */
async function allRoles(query = '') {
  const roles: { id: string; name: string; system: boolean; permissions: string[] }[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const res: LightMyRequestResponse = await call(admin, 'GET', `/roles?limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.statusCode !== 200) throw new Error(`list roles failed: ${res.statusCode} ${res.body}`);
    roles.push(...res.json().data);
    cursor = res.json().meta.page.nextCursor;
    if (!cursor) break;
  }
  return roles;
}

// ---------------------------------------------------------------------------------------------
// Catalogue and system roles

test('GET /permissions lists the whole catalogue, each with a description', async (t) => {
  const res = await call(admin, 'GET', '/permissions');
  t.is(res.statusCode, 200);
  const list = res.json().data as { name: string; description: string }[];
  for (const name of ['claim:catastrophe:write', 'investment:product:write', 'notification_template:write', 'quotation:respond', 'quotation:expire']) {
    t.truthy(list.find((p) => p.name === name), name);
  }
  for (const p of list) t.true(typeof p.description === 'string' && p.description.length > 0, p.name);
  t.deepEqual(list.map((p) => p.name).sort(), [...PERMISSION_NAMES].sort());
  t.is(new Set(list.map((p) => p.name)).size, list.length);
  t.deepEqual(Object.fromEntries(list.map((p) => [p.name, p.description])), PERMISSIONS);
});

test('GET /permissions needs role:read', async (t) => {
  const nobody = await userWith(stack.app, stack.orm, ['user:read']);
  const res = await call(nobody, 'GET', '/permissions');
  t.is(res.statusCode, 403);
  t.deepEqual(res.json().error.details.missingPermissions, ['role:read']);
});

test('GET /roles lists the six seeded system roles, flagged system', async (t) => {
  const roles = await allRoles();
  const system = roles.filter((r) => r.system);
  t.deepEqual(system.map((r) => r.name).sort(), SYSTEM_ROLE_NAMES);
  for (const r of system) t.is(r.id, roleId(r.name), `${r.name} has its stable id`);
  t.is(new Set(roles.map((r) => r.id)).size, roles.length, 'no role twice across pages');
  const custom = await createRole();
  t.false((await allRoles()).find((r) => r.id === custom.id)!.system);
});

test('GET /roles?sort=createdAt pages through every role once, also those created in the same transaction', async (t) => {
  for (const sort of ['createdAt', '-createdAt']) {
    const roles = await allRoles(`&sort=${sort}`);
    t.is(new Set(roles.map((r) => r.id)).size, roles.length, sort);
    t.deepEqual(roles.filter((r) => r.system).map((r) => r.name).sort(), SYSTEM_ROLE_NAMES, sort);
  }
});

test('GET /roles?sort=password answers 400 on query.sort', async (t) => {
  const res = await call(admin, 'GET', '/roles?sort=password');
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['query.sort']);
});

test('GET /roles/{id} returns a role with its permissions; the admin role holds the whole catalogue', async (t) => {
  const res = await call(admin, 'GET', `/roles/${ADMIN_ROLE_ID}`);
  t.is(res.statusCode, 200);
  const role = res.json().data;
  t.is(role.id, ADMIN_ROLE_ID);
  t.is(role.name, 'admin');
  t.true(role.system);
  t.deepEqual([...role.permissions].sort(), [...PERMISSION_NAMES].sort());
  const agent = await call(admin, 'GET', `/roles/${roleId('agent')}`);
  t.deepEqual([...agent.json().data.permissions].sort(), [...SYSTEM_ROLES.find((r) => r.name === 'agent')!.permissions].sort());
});

test('GET /roles/{id} of a missing role answers 404', async (t) => {
  const res = await call(admin, 'GET', `/roles/${uuidv7()}`);
  t.is(res.statusCode, 404);
  t.is(res.json().error.code, 'NOT_FOUND');
});

// ---------------------------------------------------------------------------------------------
// Creating and changing roles

test('POST /roles creates a custom role with its permissions (201)', async (t) => {
  const name = roleName('Branch Staff');
  const res = await call(admin, 'POST', '/roles', { name, description: 'Branch counter staff', permissions: ['policy:read', 'claim:read'] });
  t.is(res.statusCode, 201);
  const role = res.json().data;
  t.is(role.name, name);
  t.is(role.description, 'Branch counter staff');
  t.false(role.system);
  t.deepEqual(role.permissions, ['claim:read', 'policy:read']);
  t.deepEqual((await call(admin, 'GET', `/roles/${role.id}`)).json().data, role);
});

test('a role name already taken, in any letter case, answers 409 CONFLICT', async (t) => {
  const role = await createRole();
  const res = await call(admin, 'POST', '/roles', { name: role.name.toUpperCase() });
  t.is(res.statusCode, 409);
  t.is(res.json().error.code, 'CONFLICT');
  const system = await call(admin, 'POST', '/roles', { name: 'Admin' });
  t.is(system.statusCode, 409);
});

test('unknown permission names answer 400 with one details entry per bad name', async (t) => {
  const name = roleName();
  const res = await call(admin, 'POST', '/roles', { name, permissions: ['policy:read', 'policy:fly', 'claim:read', 'root:everything'] });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(fields(res), ['body.permissions.1', 'body.permissions.3']);
  t.is((await sql(`select 1 from roles where name = ?`, [name])).length, 0);
});

test('a permission name that is not even shaped like one answers 400 on its index', async (t) => {
  const res = await call(admin, 'POST', '/roles', { name: roleName(), permissions: ['policy:read', 'DROP TABLE'] });
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['body.permissions.1']);
});

test('PATCH /roles/{id} renames a custom role and changes its description', async (t) => {
  const role = await createRole({ permissions: ['claim:read'] });
  const name = roleName('renamed');
  const res = await call(admin, 'PATCH', `/roles/${role.id}`, { name, description: 'New words' });
  t.is(res.statusCode, 200);
  t.is(res.json().data.name, name);
  t.is(res.json().data.description, 'New words');
  t.deepEqual(res.json().data.permissions, ['claim:read']);
});

test('renaming a role to a name already taken answers 409 CONFLICT', async (t) => {
  const a = await createRole();
  const b = await createRole();
  const res = await call(admin, 'PATCH', `/roles/${b.id}`, { name: a.name.toUpperCase() });
  t.is(res.statusCode, 409);
  t.is(res.json().error.code, 'CONFLICT');
});

test('renaming a role to a name another request is taking at the same moment answers 409, never 500', async (t) => {
  const role = await createRole();
  const name = roleName('contested');
  const { default: pg } = await import('pg');
  const other = new pg.Client({ connectionString: databaseUrl(stack.database) });
  await other.connect();
  try {
    await other.query('begin');
    await other.query(`insert into roles (id, name) values ($1, $2)`, [uuidv7(), name]);
    const pending = call(admin, 'PATCH', `/roles/${role.id}`, { name });
    await waitFor(async () => (await sql(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type in ('Lock', 'LWLock') and query ilike '%update "roles"%'`)).length > 0, 'the rename to wait for the other insert');
    await other.query('commit');
    const res = await pending;
    t.is(res.statusCode, 409);
    t.is(res.json().error.code, 'CONFLICT');
  } finally {
    await other.query('rollback').catch(() => undefined);
    await other.end();
  }
  t.is((await call(admin, 'GET', `/roles/${role.id}`)).json().data.name, role.name);
});

test('renaming a system role answers 422 INVARIANT_VIOLATION', async (t) => {
  const res = await call(admin, 'PATCH', `/roles/${roleId('underwriter')}`, { name: 'risk_people' });
  t.is(res.statusCode, 422);
  t.is(res.json().error.code, 'INVARIANT_VIOLATION');
  t.is((await call(admin, 'GET', `/roles/${roleId('underwriter')}`)).json().data.name, 'underwriter');
});

test('PATCH /roles/{id} with an empty body answers 400', async (t) => {
  const role = await createRole();
  const res = await call(admin, 'PATCH', `/roles/${role.id}`, {});
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
});

test('PUT /roles/{id}/permissions replaces the whole set', async (t) => {
  const role = await createRole({ permissions: ['policy:read', 'claim:read'] });
  const res = await call(admin, 'PUT', `/roles/${role.id}/permissions`, { permissions: ['renewal:read', 'claim:read'] });
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data.permissions, ['claim:read', 'renewal:read']);
  const emptied = await call(admin, 'PUT', `/roles/${role.id}/permissions`, { permissions: [] });
  t.is(emptied.statusCode, 200);
  t.deepEqual(emptied.json().data.permissions, []);
  t.deepEqual((await call(admin, 'GET', `/roles/${role.id}`)).json().data.permissions, []);
});

test('PUT /roles/{id}/permissions with unknown names answers 400 per name and changes nothing', async (t) => {
  const role = await createRole({ permissions: ['policy:read'] });
  const res = await call(admin, 'PUT', `/roles/${role.id}/permissions`, { permissions: ['made:up', 'claim:read', 'also:made:up'] });
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['body.permissions.0', 'body.permissions.2']);
  t.deepEqual((await call(admin, 'GET', `/roles/${role.id}`)).json().data.permissions, ['policy:read']);
});

test('a permission change applies to the holders on their very next request', async (t) => {
  const role = await createRole({ permissions: ['user:read'] });
  const holder = await userWith(stack.app, stack.orm, []);
  t.is((await call(admin, 'POST', `/users/${holder.id}/roles`, { roleId: role.id })).statusCode, 200);
  t.is((await call(holder, 'GET', '/permissions')).statusCode, 403);
  t.is((await call(admin, 'PUT', `/roles/${role.id}/permissions`, { permissions: ['user:read', 'role:read'] })).statusCode, 200);
  t.is((await call(holder, 'GET', '/permissions')).statusCode, 200);
});

test('PUT on the admin role answers 422 INVARIANT_VIOLATION: it always holds every permission', async (t) => {
  const res = await call(admin, 'PUT', `/roles/${ADMIN_ROLE_ID}/permissions`, { permissions: ['user:read'] });
  t.is(res.statusCode, 422);
  t.is(res.json().error.code, 'INVARIANT_VIOLATION');
  t.deepEqual([...(await call(admin, 'GET', `/roles/${ADMIN_ROLE_ID}`)).json().data.permissions].sort(), [...PERMISSION_NAMES].sort());
});

// ---------------------------------------------------------------------------------------------
// Deleting roles

test('deleting a system role answers 422 INVARIANT_VIOLATION', async (t) => {
  for (const name of ['admin', 'agent']) {
    const res = await call(admin, 'DELETE', `/roles/${roleId(name)}`);
    t.is(res.statusCode, 422, name);
    t.is(res.json().error.code, 'INVARIANT_VIOLATION', name);
    t.is((await call(admin, 'GET', `/roles/${roleId(name)}`)).statusCode, 200, name);
  }
});

test('deleting a role still assigned to a user answers 409 CONFLICT', async (t) => {
  const role = await createRole({ permissions: ['claim:read'] });
  const holder = await userWith(stack.app, stack.orm, []);
  t.is((await call(admin, 'POST', `/users/${holder.id}/roles`, { roleId: role.id })).statusCode, 200);
  const res = await call(admin, 'DELETE', `/roles/${role.id}`);
  t.is(res.statusCode, 409);
  t.is(res.json().error.code, 'CONFLICT');
  t.is((await call(admin, 'GET', `/roles/${role.id}`)).statusCode, 200);
});

test('deleting an unassigned custom role answers 204, and the role is then 404', async (t) => {
  const role = await createRole({ permissions: ['claim:read'] });
  const res = await call(admin, 'DELETE', `/roles/${role.id}`);
  t.is(res.statusCode, 204);
  t.is(res.body, '');
  t.truthy(res.headers['x-request-id']);
  const after = await call(admin, 'GET', `/roles/${role.id}`);
  t.is(after.statusCode, 404);
  t.is(after.json().error.code, 'NOT_FOUND');
  t.is((await call(admin, 'DELETE', `/roles/${role.id}`)).statusCode, 404);
});

test('a role freed of its last holder can be deleted', async (t) => {
  const role = await createRole();
  const holder = await userWith(stack.app, stack.orm, []);
  t.is((await call(admin, 'POST', `/users/${holder.id}/roles`, { roleId: role.id })).statusCode, 200);
  t.is((await call(admin, 'DELETE', `/users/${holder.id}/roles/${role.id}`)).statusCode, 200);
  t.is((await call(admin, 'DELETE', `/roles/${role.id}`)).statusCode, 204);
});

// ---------------------------------------------------------------------------------------------
// Nobody grants what they do not hold

test('a role writer cannot create a role with a permission they do not hold: 403 with missingPermissions', async (t) => {
  const writer = await userWith(stack.app, stack.orm, ['role:read', 'role:write', 'claim:read']);
  const name = roleName('escalate');
  const res = await call(writer, 'POST', '/roles', { name, permissions: ['claim:read', 'claim:pay', 'data:scope:all'] });
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'FORBIDDEN');
  t.deepEqual(res.json().error.details.missingPermissions, ['claim:pay', 'data:scope:all']);
  t.is((await sql(`select 1 from roles where name = ?`, [name])).length, 0);
  const allowed = await call(writer, 'POST', '/roles', { name, permissions: ['claim:read'] });
  t.is(allowed.statusCode, 201);
});

test('a role writer cannot add a permission they do not hold to a role, not even their own', async (t) => {
  const writer = await userWith(stack.app, stack.orm, ['role:read', 'role:write', 'claim:read']);
  const [own] = await sql<{ role_id: string }>(`select role_id from user_roles where user_id = ?`, [writer.id]);
  const res = await call(writer, 'PUT', `/roles/${own.role_id}/permissions`, { permissions: ['role:read', 'role:write', 'claim:read', 'claim:settle'] });
  t.is(res.statusCode, 403);
  t.deepEqual(res.json().error.details.missingPermissions, ['claim:settle']);
  const other = await createRole({ permissions: ['claim:read'] });
  const res2 = await call(writer, 'PUT', `/roles/${other.id}/permissions`, { permissions: ['claim:read', 'user:write'] });
  t.is(res2.statusCode, 403);
  t.deepEqual(res2.json().error.details.missingPermissions, ['user:write']);
  t.deepEqual((await call(admin, 'GET', `/roles/${other.id}`)).json().data.permissions, ['claim:read']);
  const me = await call(writer, 'GET', '/auth/me');
  t.deepEqual([...me.json().data.permissions].sort(), ['claim:read', 'role:read', 'role:write']);
});


test('a permission being revoked from a role at the same moment cannot be put back by someone who lacks it', async (t) => {
  const role = await createRole({ permissions: ['claim:read', 'claim:pay'] });
  const writer = await userWith(stack.app, stack.orm, ['role:write', 'claim:read']);
  const res = await duringRoleChange(stack, role.id, (q) => q(`delete from role_permissions where role_id = $1 and permission = 'claim:pay'`, [role.id]),
    () => call(writer, 'PUT', `/roles/${role.id}/permissions`, { permissions: ['claim:read', 'claim:pay'] }));
  t.is(res.statusCode, 403);
  t.deepEqual(res.json().error.details.missingPermissions, ['claim:pay']);
  t.deepEqual((await call(admin, 'GET', `/roles/${role.id}`)).json().data.permissions, ['claim:read']);
});

test('without role:write, roles cannot be created, changed or deleted', async (t) => {
  const reader = await userWith(stack.app, stack.orm, ['role:read']);
  const role = await createRole();
  const attempts = [
    await call(reader, 'POST', '/roles', { name: roleName() }),
    await call(reader, 'PATCH', `/roles/${role.id}`, { name: roleName() }),
    await call(reader, 'PUT', `/roles/${role.id}/permissions`, { permissions: [] }),
    await call(reader, 'DELETE', `/roles/${role.id}`),
  ];
  for (const res of attempts) {
    t.is(res.statusCode, 403);
    t.deepEqual(res.json().error.details.missingPermissions, ['role:write']);
  }
});

// ---------------------------------------------------------------------------------------------
// Audit

test('role changes are audited with the real actor and the requestId', async (t) => {
  const rid = (label: string) => `req-${label}-${unique()}`;
  const ids = { create: rid('create'), update: rid('update'), set_permissions: rid('perm'), delete: rid('delete') };
  const created = await call(admin, 'POST', '/roles', { name: roleName('audited') }, { 'x-request-id': ids.create });
  t.is(created.statusCode, 201);
  const id = created.json().data.id;
  t.is((await call(admin, 'PATCH', `/roles/${id}`, { description: 'x' }, { 'x-request-id': ids.update })).statusCode, 200);
  t.is((await call(admin, 'PUT', `/roles/${id}/permissions`, { permissions: ['claim:read'] }, { 'x-request-id': ids.set_permissions })).statusCode, 200);
  t.is((await call(admin, 'DELETE', `/roles/${id}`, undefined, { 'x-request-id': ids.delete })).statusCode, 204);
  for (const [action, requestId] of Object.entries(ids)) {
    const entries = await sql<{ actor: string; request_id: string }>(`select actor, request_id from audit_entries where subject_id = ? and action = ?`, [id, `role.${action}`]);
    t.is(entries.length, 1, action);
    t.is(entries[0].actor, admin.id, action);
    t.is(entries[0].request_id, requestId, action);
  }
});

// ---------------------------------------------------------------------------------------------
// Bootstrap admin

test('the bootstrap admin is created once on an install without users, signs in and holds every permission', async (t) => {
  const fresh = await startStack();
  try {
    const config = { BOOTSTRAP_ADMIN_EMAIL: `root-${unique()}@example.test`, BOOTSTRAP_ADMIN_PASSWORD: 'bootstrap-admin-password' };
    const users = async () => fresh.orm.em.fork().execute<{ id: string; email: string }[]>(`select id, email from users`);
    t.deepEqual(await users(), [], 'the cloned template has no users');
    t.deepEqual(await seedReferenceData(fresh.orm, config), { bootstrapAdminCreated: true });
    t.deepEqual(await seedReferenceData(fresh.orm, config), { bootstrapAdminCreated: false });
    t.deepEqual(await seedReferenceData(fresh.orm, { ...config, BOOTSTRAP_ADMIN_EMAIL: `other-${unique()}@example.test` }), { bootstrapAdminCreated: false });
    const rows = await users();
    t.is(rows.length, 1);
    t.is(rows[0].email, config.BOOTSTRAP_ADMIN_EMAIL);
    const session = await login(fresh.app, config.BOOTSTRAP_ADMIN_EMAIL, config.BOOTSTRAP_ADMIN_PASSWORD);
    const me = await call(session, 'GET', '/auth/me', undefined, {}, fresh.app);
    t.is(me.statusCode, 200);
    t.is(me.json().data.status, 'active');
    t.deepEqual(me.json().data.roles.map((r: { id: string }) => r.id), [ADMIN_ROLE_ID]);
    const catalogue = (await call(session, 'GET', '/permissions', undefined, {}, fresh.app)).json().data.map((p: { name: string }) => p.name);
    t.deepEqual([...me.json().data.permissions].sort(), [...catalogue].sort());
    const [audit] = await fresh.orm.em.fork().execute<{ actor: string }[]>(`select actor from audit_entries where action = 'user.bootstrap_admin' and subject_id = ?`, [rows[0].id]);
    t.is(audit.actor, 'system');
  } finally {
    await fresh.close();
  }
});

test('without bootstrap settings no admin is created', async (t) => {
  const fresh = await startStack();
  try {
    t.deepEqual(await seedReferenceData(fresh.orm, { BOOTSTRAP_ADMIN_EMAIL: undefined, BOOTSTRAP_ADMIN_PASSWORD: undefined } as never), { bootstrapAdminCreated: false });
    t.deepEqual(await seedReferenceData(fresh.orm), { bootstrapAdminCreated: false });
    const [{ n }] = await fresh.orm.em.fork().execute<{ n: number }[]>(`select count(*)::int as n from users`);
    t.is(n, 0);
  } finally {
    await fresh.close();
  }
});
