import test from 'ava';
import type { LightMyRequestResponse } from 'fastify';
import { PERMISSION_NAMES } from '../../shared/domain/access/permissions.js';
import { ADMIN_ROLE_ID, SYSTEM_ROLES } from '../../shared/domain/access/system-roles.js';
import { uuidv7 } from '../../shared/ids.js';
import { bearer, userWith, type TestUser } from '../helpers/identity.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { duringRoleChange } from '../helpers/concurrency.js';

let stack: Stack;
/** Holds every permission of the catalogue (so also data scope all). */
let admin: TestUser;
test.before(async () => {
  stack = await startStack();
  admin = await userWith(stack.app, stack.orm, [...PERMISSION_NAMES]);
});
test.after.always(async () => { await stack?.close(); });

const AGENT_ROLE_ID = SYSTEM_ROLES.find((r) => r.name === 'agent')!.id;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function call(who: { token: string }, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return stack.app.inject({ method, url, headers: { ...bearer(who), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack.orm.em.fork().execute<T[]>(query, params);
const unique = () => uuidv7().replace(/-/g, '').slice(-12);
const newEmail = (label = 'user') => `${label}-${unique()}@example.test`;
const fields = (res: LightMyRequestResponse) => (res.json().error.details as { field: string }[]).map((d) => d.field).sort();
const detail = (res: LightMyRequestResponse, field: string) => (res.json().error.details as { field: string; constraint: string }[]).find((d) => d.field === field);

/** A pending user created through the API by the admin. */
async function createUser(body: Record<string, unknown> = {}) {
  const res = await call(admin, 'POST', '/users', { email: newEmail(), name: `Created ${unique()}`, ...body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; email: string; name: string; status: string; insurerId: string | null; roles: { id: string; name: string }[] };
}
/** A user row inserted directly (status and insurer as given). */
async function insertUser(opts: { name?: string; email?: string; status?: string; insurerId?: string | null } = {}) {
  const id = uuidv7();
  const email = opts.email ?? newEmail('row');
  await sql(`insert into users (id, email, name, status, insurer_id) values (?, ?, ?, ?, ?)`, [id, email, opts.name ?? `Row ${unique()}`, opts.status ?? 'active', opts.insurerId ?? null]);
  return { id, email };
}
const auditOf = (subjectId: string, action: string) =>
  sql<{ actor: string; request_id: string; summary: Record<string, unknown> }>(`select actor, request_id, summary from audit_entries where subject_id = ? and action = ?`, [subjectId, action]);

// ---------------------------------------------------------------------------------------------
// Creating users

test('POST /users creates a pending user with no roles and never returns a password hash or secret', async (t) => {
  const email = newEmail('new');
  const res = await call(admin, 'POST', '/users', { email, name: 'Wanjiru Kamau', password: 'a-long-enough-password', phone: '+254 700 000000', locale: 'sw' });
  t.is(res.statusCode, 201);
  const user = res.json().data;
  t.is(user.email, email);
  t.is(user.name, 'Wanjiru Kamau');
  t.is(user.status, 'pending');
  t.is(user.phone, '+254 700 000000');
  t.is(user.locale, 'sw');
  t.deepEqual(user.roles, []);
  t.regex(user.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  t.is(res.json().meta.requestId, res.headers['x-request-id']);
  for (const key of Object.keys(user)) t.false(/password|hash|secret|token/i.test(key), `field ${key} must not be exposed`);
  t.false(/argon2|\$argon/i.test(res.body));
  const [row] = await sql<{ password_hash: string | null }>(`select password_hash from users where id = ?`, [user.id]);
  t.regex(String(row.password_hash), /^\$argon2id\$/);
  const read = await call(admin, 'GET', `/users/${user.id}`);
  t.is(read.statusCode, 200);
  t.deepEqual(read.json().data, user);
});

test('an email already taken, in any letter case, answers 409 CONFLICT', async (t) => {
  const email = newEmail('Taken');
  t.is((await call(admin, 'POST', '/users', { email, name: 'First' })).statusCode, 201);
  const again = await call(admin, 'POST', '/users', { email: email.toUpperCase(), name: 'Second' });
  t.is(again.statusCode, 409);
  t.is(again.json().error.code, 'CONFLICT');
  const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from users where lower(email) = lower(?)`, [email]);
  t.is(n, 1);
});

test('a user created without a password gets a set-password mail through the outbox', async (t) => {
  const user = await createUser();
  const tokens = await sql<{ id: string; purpose: string }>(`select id, purpose from password_reset_tokens where user_id = ?`, [user.id]);
  t.is(tokens.length, 1);
  t.is(tokens[0].purpose, 'set_password');
  const outbox = await sql<{ queue: string; job_name: string; payload: Record<string, unknown> }>(`select queue, job_name, payload from outbox where payload->>'resetId' = ?`, [tokens[0].id]);
  t.is(outbox.length, 1);
  t.is(outbox[0].queue, 'mail');
  t.is(outbox[0].job_name, 'send');
  t.false(JSON.stringify(outbox[0].payload).includes(user.email), 'the job payload carries ids, not personal data');
});

test('a user created with a password gets no set-password mail', async (t) => {
  const user = await createUser({ password: 'another-long-password' });
  const tokens = await sql(`select id from password_reset_tokens where user_id = ?`, [user.id]);
  t.is(tokens.length, 0);
});

test('a password shorter than 12 characters answers 400 on body.password (minLength)', async (t) => {
  const res = await call(admin, 'POST', '/users', { email: newEmail(), name: 'Short', password: 'elevenchars' });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(fields(res), ['body.password']);
  t.is(detail(res, 'body.password')!.constraint, 'minLength');
});

test('a password equal to the email answers 400 on body.password and creates nothing', async (t) => {
  const email = newEmail('same');
  const res = await call(admin, 'POST', '/users', { email, name: 'Same', password: email.toUpperCase() });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(fields(res), ['body.password']);
  t.is((await sql(`select 1 from users where email = ?`, [email])).length, 0);
});

test('a malformed email answers 400 on body.email (format)', async (t) => {
  const res = await call(admin, 'POST', '/users', { email: 'not-an-email', name: 'Bad Email' });
  t.is(res.statusCode, 400);
  t.deepEqual(res.json().error.details, [{ field: 'body.email', message: res.json().error.details[0].message, constraint: 'format' }]);
});

test('an unknown extra field answers 400 naming it (additionalProperties)', async (t) => {
  const res = await call(admin, 'POST', '/users', { email: newEmail(), name: 'Extra', status: 'active' });
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['body.status']);
  t.is(detail(res, 'body.status')!.constraint, 'additionalProperties');
});

test('a name over 200 characters answers 400 on body.name', async (t) => {
  const res = await call(admin, 'POST', '/users', { email: newEmail(), name: 'n'.repeat(201) });
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['body.name']);
  t.is(detail(res, 'body.name')!.constraint, 'maxLength');
});

test('several invalid fields answer one details entry each', async (t) => {
  const res = await call(admin, 'POST', '/users', { email: 'nope', password: 'short' });
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['body.email', 'body.name', 'body.password']);
});

// ---------------------------------------------------------------------------------------------
// Listing

test('GET /users pages with limit and nextCursor, every user exactly once', async (t) => {
  const token = unique();
  const created = [];
  for (let i = 0; i < 5; i++) created.push(await createUser({ name: `Pager ${token} ${i}` }));
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: LightMyRequestResponse = await call(admin, 'GET', `/users?q=${token}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    t.is(res.statusCode, 200);
    const body = res.json();
    t.is(body.meta.page.limit, 2);
    t.true(body.data.length <= 2);
    seen.push(...body.data.map((u: { id: string }) => u.id));
    cursor = body.meta.page.nextCursor;
    pages++;
  } while (cursor && pages < 10);
  t.is(pages, 3);
  t.is(new Set(seen).size, seen.length, 'no user appears twice');
  // Default sort is -createdAt: newest first.
  t.deepEqual(seen, created.map((u) => u.id).reverse());
});

test('users created in one transaction (same createdAt) are all listed across pages', async (t) => {
  const token = unique();
  await sql(
    `insert into users (id, email, name, status) select gen_random_uuid(), 'bulk-' || g || '-${token}@example.test', 'Bulk ${token} ' || g, 'active' from generate_series(1, 5) g`,
  );
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 10; pages++) {
    const res: LightMyRequestResponse = await call(admin, 'GET', `/users?q=${token}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    t.is(res.statusCode, 200);
    seen.push(...res.json().data.map((u: { id: string }) => u.id));
    cursor = res.json().meta.page.nextCursor;
    if (!cursor) break;
  }
  t.is(seen.length, 5);
  t.is(new Set(seen).size, 5);
});

test('a tampered cursor answers 400 on query.cursor', async (t) => {
  const token = unique();
  for (let i = 0; i < 2; i++) await insertUser({ name: `Tamper ${token} ${i}` });
  const first = await call(admin, 'GET', `/users?q=${token}&limit=1`);
  const cursor: string = first.json().meta.page.nextCursor;
  t.truthy(cursor);
  const [payload, signature] = cursor.split('.');
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), v: ['2000-01-01T00:00:00.000Z', uuidv7()] })).toString('base64url');
  const res = await call(admin, 'GET', `/users?q=${token}&limit=1&cursor=${forged}.${signature}`);
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['query.cursor']);
});

test('GET /users?status= lists only users in that status', async (t) => {
  const token = unique();
  const active = await insertUser({ name: `Status ${token} a`, status: 'active' });
  const suspended = await insertUser({ name: `Status ${token} s`, status: 'suspended' });
  const res = await call(admin, 'GET', `/users?q=${token}&status=suspended`);
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data.map((u: { id: string }) => u.id), [suspended.id]);
  t.not(active.id, suspended.id);
});

test('GET /users?q= matches a case-insensitive substring of the email or of the name', async (t) => {
  const token = unique();
  const byName = await insertUser({ name: `Achieng ${token.toUpperCase()} Otieno` });
  const byEmail = await insertUser({ email: `mail-${token}@Example.test`, name: 'Someone Else' });
  await insertUser({ name: 'Not Matching At All' });
  const res = await call(admin, 'GET', `/users?q=${token.slice(2, 10).toUpperCase()}`);
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data.map((u: { id: string }) => u.id).sort(), [byName.id, byEmail.id].sort());
});

test('q treats % and _ literally', async (t) => {
  const token = unique();
  await insertUser({ name: `Literal ${token}` });
  const res = await call(admin, 'GET', `/users?q=${encodeURIComponent(`${token.slice(0, 4)}%`)}`);
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data, []);
});

test('sort=email orders by email and keeps paging consistent', async (t) => {
  const token = unique();
  const emails = ['c', 'A', 'b', 'D'].map((p) => `${p}-${token}@example.test`);
  for (const email of emails) await insertUser({ email, name: `Sorted ${token}` });
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 10; pages++) {
    const res: LightMyRequestResponse = await call(admin, 'GET', `/users?q=${token}&sort=email&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    t.is(res.statusCode, 200);
    seen.push(...res.json().data.map((u: { email: string }) => u.email));
    cursor = res.json().meta.page.nextCursor;
    if (!cursor) break;
  }
  t.deepEqual(seen, [...emails].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  const desc = await call(admin, 'GET', `/users?q=${token}&sort=-email`);
  t.deepEqual(desc.json().data.map((u: { email: string }) => u.email), [...seen].reverse());
});

test('sort on a field that is not whitelisted (password) answers 400 on query.sort', async (t) => {
  const res = await call(admin, 'GET', '/users?sort=password');
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(fields(res), ['query.sort']);
});

test('status=bogus answers 400 on query.status', async (t) => {
  const res = await call(admin, 'GET', '/users?status=bogus');
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['query.status']);
});

test('limit outside 1..100 answers 400 on query.limit', async (t) => {
  for (const limit of [0, 101]) {
    const res = await call(admin, 'GET', `/users?limit=${limit}`);
    t.is(res.statusCode, 400, String(limit));
    t.deepEqual(fields(res), ['query.limit']);
  }
});

// ---------------------------------------------------------------------------------------------
// Updating

test('PATCH /users/{id} updates name, phone and locale', async (t) => {
  const user = await createUser();
  const res = await call(admin, 'PATCH', `/users/${user.id}`, { name: 'Renamed Person', phone: '+254711111111', locale: 'fr-CA' });
  t.is(res.statusCode, 200);
  const data = res.json().data;
  t.is(data.name, 'Renamed Person');
  t.is(data.phone, '+254711111111');
  t.is(data.locale, 'fr-CA');
  t.is(data.email, user.email);
  const cleared = await call(admin, 'PATCH', `/users/${user.id}`, { phone: null });
  t.is(cleared.statusCode, 200);
  t.is(cleared.json().data.phone, null);
  t.is(cleared.json().data.name, 'Renamed Person');
});

test('PATCH /users/{id} with an empty body answers 400', async (t) => {
  const user = await createUser();
  const res = await call(admin, 'PATCH', `/users/${user.id}`, {});
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
});

test('PATCH cannot change the email or the password', async (t) => {
  const user = await createUser();
  const res = await call(admin, 'PATCH', `/users/${user.id}`, { email: newEmail(), password: 'a-new-long-password' });
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['body.email', 'body.password']);
});

test('PATCH of a missing user answers 404', async (t) => {
  const res = await call(admin, 'PATCH', `/users/${uuidv7()}`, { name: 'Nobody' });
  t.is(res.statusCode, 404);
  t.is(res.json().error.code, 'NOT_FOUND');
});

// ---------------------------------------------------------------------------------------------
// State machine

test('activate takes a pending user to active', async (t) => {
  const user = await createUser();
  const res = await call(admin, 'POST', `/users/${user.id}/activate`);
  t.is(res.statusCode, 200);
  t.is(res.json().data.status, 'active');
});

test('activating an active user answers 422 INVALID_TRANSITION with from, action and allowedFrom', async (t) => {
  const user = await insertUser({ status: 'active' });
  const res = await call(admin, 'POST', `/users/${user.id}/activate`);
  t.is(res.statusCode, 422);
  t.is(res.json().error.code, 'INVALID_TRANSITION');
  const details = res.json().error.details;
  t.is(details.from, 'active');
  t.is(details.action, 'activate');
  t.deepEqual([...details.allowedFrom].sort(), ['locked', 'pending', 'suspended']);
});

test('suspend with a reason takes an active user to suspended and ends their sessions', async (t) => {
  const target = await userWith(stack.app, stack.orm, ['user:read']);
  t.is((await call(target, 'GET', `/users/${target.id}`)).statusCode, 200);
  const res = await call(admin, 'POST', `/users/${target.id}/suspend`, { reason: 'Fraud investigation' });
  t.is(res.statusCode, 200);
  t.is(res.json().data.status, 'suspended');
  const after = await call(target, 'GET', `/users/${target.id}`);
  t.is(after.statusCode, 401);
  t.is(after.json().error.code, 'SESSION_REVOKED');
});

test('suspend without a reason answers 400 on body.reason', async (t) => {
  const user = await insertUser({ status: 'active' });
  const res = await call(admin, 'POST', `/users/${user.id}/suspend`, {});
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['body.reason']);
  const [row] = await sql<{ status: string }>(`select status from users where id = ?`, [user.id]);
  t.is(row.status, 'active');
});

test('archive takes a user to archived, and archiving again answers 422 INVALID_TRANSITION', async (t) => {
  const user = await insertUser({ status: 'suspended' });
  const res = await call(admin, 'POST', `/users/${user.id}/archive`);
  t.is(res.statusCode, 200);
  t.is(res.json().data.status, 'archived');
  const again = await call(admin, 'POST', `/users/${user.id}/archive`);
  t.is(again.statusCode, 422);
  t.is(again.json().error.code, 'INVALID_TRANSITION');
  t.is(again.json().error.details.from, 'archived');
  t.is(again.json().error.details.action, 'archive');
});

test('an archived user cannot be activated again', async (t) => {
  const user = await insertUser({ status: 'archived' });
  const res = await call(admin, 'POST', `/users/${user.id}/activate`);
  t.is(res.statusCode, 422);
  t.is(res.json().error.code, 'INVALID_TRANSITION');
});

test('activate takes a suspended user back to active', async (t) => {
  const user = await insertUser({ status: 'active' });
  t.is((await call(admin, 'POST', `/users/${user.id}/suspend`, { reason: 'Temporary' })).json().data.status, 'suspended');
  const res = await call(admin, 'POST', `/users/${user.id}/activate`);
  t.is(res.statusCode, 200);
  t.is(res.json().data.status, 'active');
});

test('activate unlocks a locked user and clears the failed-login count', async (t) => {
  const user = await insertUser({ status: 'active' });
  await sql(`update users set status = 'locked', failed_login_count = 10, locked_until = now() + interval '15 minutes' where id = ?`, [user.id]);
  const res = await call(admin, 'POST', `/users/${user.id}/activate`);
  t.is(res.statusCode, 200);
  t.is(res.json().data.status, 'active');
  const [row] = await sql<{ failed_login_count: number; locked_until: Date | null }>(`select failed_login_count, locked_until from users where id = ?`, [user.id]);
  t.is(row.failed_login_count, 0);
  t.is(row.locked_until, null);
});

test('a user cannot suspend themselves', async (t) => {
  const self = await userWith(stack.app, stack.orm, ['user:read', 'user:suspend', 'data:scope:all']);
  const res = await call(self, 'POST', `/users/${self.id}/suspend`, { reason: 'oops' });
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'FORBIDDEN');
});

test('status changes need their own permission: user:write alone cannot suspend', async (t) => {
  const writer = await userWith(stack.app, stack.orm, ['user:read', 'user:write', 'data:scope:all']);
  const user = await insertUser({ status: 'active' });
  const res = await call(writer, 'POST', `/users/${user.id}/suspend`, { reason: 'no' });
  t.is(res.statusCode, 403);
  t.deepEqual(res.json().error.details.missingPermissions, ['user:suspend']);
});

// ---------------------------------------------------------------------------------------------
// Data scope

test('an agent-scoped reader gets 404 for another user, identical to a missing id', async (t) => {
  const agent = await userWith(stack.app, stack.orm, ['user:read']);
  const other = await insertUser();
  const hidden = await call(agent, 'GET', `/users/${other.id}`);
  const missing = await call(agent, 'GET', `/users/${uuidv7()}`);
  t.is(hidden.statusCode, 404);
  t.is(missing.statusCode, 404);
  t.is(hidden.json().error.code, 'NOT_FOUND');
  t.deepEqual(hidden.json().error, missing.json().error);
});

test('an agent-scoped reader can read their own record', async (t) => {
  const agent = await userWith(stack.app, stack.orm, ['user:read']);
  const res = await call(agent, 'GET', `/users/${agent.id}`);
  t.is(res.statusCode, 200);
  t.is(res.json().data.id, agent.id);
});

test('an agent-scoped reader lists only themselves', async (t) => {
  await insertUser();
  const agent = await userWith(stack.app, stack.orm, ['user:read']);
  const res = await call(agent, 'GET', '/users?limit=100');
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data.map((u: { id: string }) => u.id), [agent.id]);
  t.is(res.json().meta.page.nextCursor, null);
});

test('an agent-scoped writer cannot change another user: 404 as if absent', async (t) => {
  const agent = await userWith(stack.app, stack.orm, ['user:read', 'user:write', 'user:suspend']);
  const other = await insertUser({ name: 'Untouched' });
  const patch = await call(agent, 'PATCH', `/users/${other.id}`, { name: 'Hijacked' });
  t.is(patch.statusCode, 404);
  const suspend = await call(agent, 'POST', `/users/${other.id}/suspend`, { reason: 'x' });
  t.is(suspend.statusCode, 404);
  const [row] = await sql<{ name: string; status: string }>(`select name, status from users where id = ?`, [other.id]);
  t.deepEqual({ ...row }, { name: 'Untouched', status: 'active' });
});

test('an insurer-scoped reader lists only users of their insurer', async (t) => {
  const token = unique();
  const mine = await insertUser({ name: `Ins ${token} a`, insurerId: 'INS-A' });
  await insertUser({ name: `Ins ${token} b`, insurerId: 'INS-B' });
  await insertUser({ name: `Ins ${token} none` });
  const staff = await userWith(stack.app, stack.orm, ['user:read'], { insurerId: 'INS-A' });
  const res = await call(staff, 'GET', `/users?q=${token}`);
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data.map((u: { id: string }) => u.id), [mine.id]);
  const all = await call(staff, 'GET', '/users?limit=100');
  t.true(all.json().data.length > 0);
  t.true(all.json().data.every((u: { insurerId: string }) => u.insurerId === 'INS-A'));
  const own = await call(staff, 'GET', '/users?insurerId=INS-A&limit=100');
  t.is(own.statusCode, 200);
  t.true(own.json().data.every((u: { insurerId: string }) => u.insurerId === 'INS-A'));
});

test('an insurer-scoped reader gets 404 for a user of another insurer', async (t) => {
  const staff = await userWith(stack.app, stack.orm, ['user:read'], { insurerId: 'INS-A' });
  const theirs = await insertUser({ insurerId: 'INS-B' });
  const res = await call(staff, 'GET', `/users/${theirs.id}`);
  t.is(res.statusCode, 404);
  t.deepEqual(res.json().error, (await call(staff, 'GET', `/users/${uuidv7()}`)).json().error);
});

test('an insurer-scoped reader filtering on another insurer answers 403 FORBIDDEN', async (t) => {
  const staff = await userWith(stack.app, stack.orm, ['user:read'], { insurerId: 'INS-A' });
  const res = await call(staff, 'GET', '/users?insurerId=INS-B');
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'FORBIDDEN');
});

test('an agent-scoped caller filtering on an insurer answers 403 FORBIDDEN', async (t) => {
  const agent = await userWith(stack.app, stack.orm, ['user:read']);
  const res = await call(agent, 'GET', '/users?insurerId=INS-A');
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'FORBIDDEN');
});

test('an agent-scoped caller cannot create users: 403', async (t) => {
  const agent = await userWith(stack.app, stack.orm, ['user:read', 'user:write']);
  const email = newEmail('agent-made');
  const res = await call(agent, 'POST', '/users', { email, name: 'Made By Agent' });
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'FORBIDDEN');
  t.is((await sql(`select 1 from users where email = ?`, [email])).length, 0);
});

test('an insurer-scoped caller creates users in their own insurer only', async (t) => {
  const staff = await userWith(stack.app, stack.orm, ['user:read', 'user:write'], { insurerId: 'INS-A' });
  const implicit = await call(staff, 'POST', '/users', { email: newEmail(), name: 'Implicit Insurer' });
  t.is(implicit.statusCode, 201);
  t.is(implicit.json().data.insurerId, 'INS-A');
  const other = await call(staff, 'POST', '/users', { email: newEmail(), name: 'Other Insurer', insurerId: 'INS-B' });
  t.is(other.statusCode, 403);
  t.is(other.json().error.code, 'FORBIDDEN');
});

test('only scope all can move a user to another insurer', async (t) => {
  const staff = await userWith(stack.app, stack.orm, ['user:read', 'user:write'], { insurerId: 'INS-A' });
  const user = await insertUser({ insurerId: 'INS-A' });
  const res = await call(staff, 'PATCH', `/users/${user.id}`, { insurerId: 'INS-B' });
  t.is(res.statusCode, 403);
  const byAdmin = await call(admin, 'PATCH', `/users/${user.id}`, { insurerId: 'INS-B' });
  t.is(byAdmin.statusCode, 200);
  t.is(byAdmin.json().data.insurerId, 'INS-B');
});

// ---------------------------------------------------------------------------------------------
// Roles of a user: nobody grants more than they hold

test('assigning a role without role:write answers 403 with missingPermissions [role:write]', async (t) => {
  const caller = await userWith(stack.app, stack.orm, ['user:read', 'user:write', 'data:scope:all']);
  const user = await insertUser();
  const res = await call(caller, 'POST', `/users/${user.id}/roles`, { roleId: AGENT_ROLE_ID });
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'FORBIDDEN');
  t.deepEqual(res.json().error.details.missingPermissions, ['role:write']);
});

test('a role writer without every admin permission cannot give themselves the admin role', async (t) => {
  const held = ['role:write', 'user:read'];
  const caller = await userWith(stack.app, stack.orm, held);
  const res = await call(caller, 'POST', `/users/${caller.id}/roles`, { roleId: ADMIN_ROLE_ID });
  t.is(res.statusCode, 403);
  t.is(res.json().error.code, 'FORBIDDEN');
  t.deepEqual(res.json().error.details.missingPermissions, PERMISSION_NAMES.filter((p) => !held.includes(p)).sort());
  t.is((await sql(`select 1 from user_roles where user_id = ? and role_id = ?`, [caller.id, ADMIN_ROLE_ID])).length, 0);
});

test('a role writer lacking one admin permission cannot give anyone the admin role', async (t) => {
  const held = PERMISSION_NAMES.filter((p) => p !== 'queue:admin');
  const caller = await userWith(stack.app, stack.orm, held);
  const user = await insertUser();
  const res = await call(caller, 'POST', `/users/${user.id}/roles`, { roleId: ADMIN_ROLE_ID });
  t.is(res.statusCode, 403);
  t.deepEqual(res.json().error.details.missingPermissions, ['queue:admin']);
  t.is((await sql(`select 1 from user_roles where user_id = ?`, [user.id])).length, 0);
});

test('a role writer may assign a role whose permissions they all hold', async (t) => {
  const agentRole = SYSTEM_ROLES.find((r) => r.name === 'agent')!;
  const caller = await userWith(stack.app, stack.orm, ['role:write', 'data:scope:all', ...agentRole.permissions]);
  const user = await insertUser();
  const res = await call(caller, 'POST', `/users/${user.id}/roles`, { roleId: AGENT_ROLE_ID });
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data.roles, [{ id: AGENT_ROLE_ID, name: 'agent' }]);
});

test('an admin can assign the admin role, and the new holder has every permission at once', async (t) => {
  const target = await userWith(stack.app, stack.orm, []);
  const res = await call(admin, 'POST', `/users/${target.id}/roles`, { roleId: ADMIN_ROLE_ID });
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data.roles, [{ id: ADMIN_ROLE_ID, name: 'admin' }]);
  const me = await call(target, 'GET', '/auth/me');
  t.is(me.statusCode, 200);
  t.deepEqual([...me.json().data.permissions].sort(), [...PERMISSION_NAMES].sort());
});

test('assigning a role the user already has changes nothing and answers 200', async (t) => {
  const user = await insertUser();
  t.is((await call(admin, 'POST', `/users/${user.id}/roles`, { roleId: AGENT_ROLE_ID })).statusCode, 200);
  const again = await call(admin, 'POST', `/users/${user.id}/roles`, { roleId: AGENT_ROLE_ID });
  t.is(again.statusCode, 200);
  t.deepEqual(again.json().data.roles, [{ id: AGENT_ROLE_ID, name: 'agent' }]);
  t.is((await auditOf(user.id, 'user.role_assign')).length, 1);
});

test('assigning an unknown roleId answers 400 on body.roleId', async (t) => {
  const user = await insertUser();
  const res = await call(admin, 'POST', `/users/${user.id}/roles`, { roleId: uuidv7() });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(fields(res), ['body.roleId']);
});

test('a roleId that is not a uuid answers 400 on body.roleId', async (t) => {
  const user = await insertUser();
  const res = await call(admin, 'POST', `/users/${user.id}/roles`, { roleId: 'admin' });
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['body.roleId']);
  t.is(detail(res, 'body.roleId')!.constraint, 'format');
});

test('a user id that is not a uuid answers 400 on params.id', async (t) => {
  const res = await call(admin, 'GET', '/users/not-a-uuid');
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['params.id']);
});

test('DELETE /users/{id}/roles/{roleId} removes the role', async (t) => {
  const user = await insertUser();
  t.is((await call(admin, 'POST', `/users/${user.id}/roles`, { roleId: AGENT_ROLE_ID })).statusCode, 200);
  const res = await call(admin, 'DELETE', `/users/${user.id}/roles/${AGENT_ROLE_ID}`);
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data.roles, []);
  t.deepEqual((await call(admin, 'GET', `/users/${user.id}`)).json().data.roles, []);
});

test('removing a role the user does not have answers 404', async (t) => {
  const user = await insertUser();
  const res = await call(admin, 'DELETE', `/users/${user.id}/roles/${AGENT_ROLE_ID}`);
  t.is(res.statusCode, 404);
  t.is(res.json().error.code, 'NOT_FOUND');
});

// ---------------------------------------------------------------------------------------------
// Idempotency

test('parallel POST /users with one Idempotency-Key create exactly one user', async (t) => {
  const key = `create-user-${uuidv7()}`;
  const email = newEmail('idem');
  const body = { email, name: 'Idempotent Person' };
  const responses = await Promise.all(Array.from({ length: 6 }, () => call(admin, 'POST', '/users', body, { 'idempotency-key': key })));
  const fresh = responses.filter((r) => r.statusCode === 201 && r.headers['idempotent-replayed'] === undefined);
  t.is(fresh.length, 1);
  for (const r of responses) {
    if (r === fresh[0]) continue;
    if (r.statusCode === 409) {
      t.is(r.json().error.code, 'IDEMPOTENCY_CONFLICT');
    } else {
      t.is(r.statusCode, 201);
      t.is(r.headers['idempotent-replayed'], 'true');
      t.deepEqual(r.json(), fresh[0].json());
    }
  }
  const users = await sql<{ id: string }>(`select id from users where email = ?`, [email]);
  t.is(users.length, 1);
  t.is(users[0].id, fresh[0].json().data.id);
  t.is((await auditOf(users[0].id, 'user.create')).length, 1);
  const after = await call(admin, 'POST', '/users', body, { 'idempotency-key': key });
  t.is(after.statusCode, 201);
  t.is(after.headers['idempotent-replayed'], 'true');
  t.deepEqual(after.json(), fresh[0].json());
});

test('the same Idempotency-Key with another body answers 409 IDEMPOTENCY_CONFLICT', async (t) => {
  const key = `create-user-${uuidv7()}`;
  t.is((await call(admin, 'POST', '/users', { email: newEmail(), name: 'One' }, { 'idempotency-key': key })).statusCode, 201);
  const other = await call(admin, 'POST', '/users', { email: newEmail(), name: 'Two' }, { 'idempotency-key': key });
  t.is(other.statusCode, 409);
  t.is(other.json().error.code, 'IDEMPOTENCY_CONFLICT');
});

// ---------------------------------------------------------------------------------------------
// Audit

test('creating, updating and changing the status of a user each audit the real actor and the requestId', async (t) => {
  const requestId = (label: string) => `req-${label}-${unique()}`;
  const ids = { create: requestId('create'), update: requestId('update'), activate: requestId('activate'), suspend: requestId('suspend'), archive: requestId('archive') };
  const created = await call(admin, 'POST', '/users', { email: newEmail(), name: 'Audited', password: 'audited-password-123' }, { 'x-request-id': ids.create });
  t.is(created.statusCode, 201);
  t.is(created.headers['x-request-id'], ids.create);
  const id = created.json().data.id as string;
  t.is((await call(admin, 'PATCH', `/users/${id}`, { name: 'Audited Again' }, { 'x-request-id': ids.update })).statusCode, 200);
  t.is((await call(admin, 'POST', `/users/${id}/activate`, undefined, { 'x-request-id': ids.activate })).statusCode, 200);
  t.is((await call(admin, 'POST', `/users/${id}/suspend`, { reason: 'Audit check' }, { 'x-request-id': ids.suspend })).statusCode, 200);
  t.is((await call(admin, 'POST', `/users/${id}/archive`, undefined, { 'x-request-id': ids.archive })).statusCode, 200);
  for (const [action, rid] of Object.entries(ids)) {
    const entries = await auditOf(id, `user.${action}`);
    t.is(entries.length, 1, action);
    t.is(entries[0].actor, admin.id, action);
    t.is(entries[0].request_id, rid, action);
  }
  const [create] = await auditOf(id, 'user.create');
  t.false(JSON.stringify(create.summary).includes('audited-password-123'), 'no password in the summary');
  t.is((await auditOf(id, 'user.suspend'))[0].summary.reason, 'Audit check');
});

test('assigning and removing a role each audit the real actor and the requestId', async (t) => {
  const user = await insertUser();
  const assignId = `req-assign-${unique()}`;
  const removeId = `req-remove-${unique()}`;
  t.is((await call(admin, 'POST', `/users/${user.id}/roles`, { roleId: AGENT_ROLE_ID }, { 'x-request-id': assignId })).statusCode, 200);
  t.is((await call(admin, 'DELETE', `/users/${user.id}/roles/${AGENT_ROLE_ID}`, undefined, { 'x-request-id': removeId })).statusCode, 200);
  const [assigned] = await auditOf(user.id, 'user.role_assign');
  t.is(assigned.actor, admin.id);
  t.is(assigned.request_id, assignId);
  t.is(assigned.summary.roleId, AGENT_ROLE_ID);
  const [removed] = await auditOf(user.id, 'user.role_remove');
  t.is(removed.actor, admin.id);
  t.is(removed.request_id, removeId);
});

test('a refused change writes no audit entry', async (t) => {
  const user = await insertUser({ status: 'active' });
  t.is((await call(admin, 'POST', `/users/${user.id}/activate`)).statusCode, 422);
  t.is((await auditOf(user.id, 'user.activate')).length, 0);
});


test('assigning a role that is being deleted at the same moment answers 400 on body.roleId, never 500', async (t) => {
  const roleId = uuidv7();
  await sql(`insert into roles (id, name) values (?, ?)`, [roleId, `doomed-${unique()}`]);
  const user = await insertUser();
  const res = await duringRoleChange(stack, roleId, (q) => q(`delete from roles where id = $1`, [roleId]).then(() => undefined),
    () => call(admin, 'POST', `/users/${user.id}/roles`, { roleId }));
  t.is(res.statusCode, 400);
  t.deepEqual(fields(res), ['body.roleId']);
});

test('a permission added to a role while it is being assigned is checked against the granter too', async (t) => {
  const roleId = uuidv7();
  await sql(`insert into roles (id, name) values (?, ?)`, [roleId, `growing-${unique()}`]);
  await sql(`insert into role_permissions (role_id, permission) values (?, 'claim:read')`, [roleId]);
  const granter = await userWith(stack.app, stack.orm, ['role:write', 'data:scope:all', 'claim:read']);
  const user = await insertUser();
  const res = await duringRoleChange(stack, roleId, (q) => q(`insert into role_permissions (role_id, permission) values ($1, 'claim:pay')`, [roleId]).then(() => undefined),
    () => call(granter, 'POST', `/users/${user.id}/roles`, { roleId }));
  t.is(res.statusCode, 403);
  t.deepEqual(res.json().error.details.missingPermissions, ['claim:pay']);
  t.is((await sql(`select 1 from user_roles where user_id = ?`, [user.id])).length, 0);
});
