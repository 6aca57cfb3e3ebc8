import test from 'ava';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn, unique } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { newEmail } from '../../helpers/through-api.js';

/**
 * Data scope on users: an agent-scoped caller sees only themselves, an insurer-scoped caller only their
 * insurer's users, and anything outside the scope is 404 as if absent (403 when asked for by filter).
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const ids = (list: { id: string }[]) => list.map((u) => u.id);

test('an agent-scoped reader gets 404 for another user, identical to a missing id', async (t) => {
  const agent = await given.user(stack, { permissions: ['user:read'] });
  const other = await given.account(stack);
  const hidden = expectError(t, await api.as(agent).get(`/users/${other.id}`), 404, 'NOT_FOUND');
  const absent = expectError(t, await api.as(agent).get(`/users/${uuidv7()}`), 404, 'NOT_FOUND');
  t.deepEqual(hidden, absent);
});

test('an agent-scoped reader can read their own record', async (t) => {
  const agent = await given.user(stack, { permissions: ['user:read'] });
  t.is(expectData(t, await api.as(agent).get(`/users/${agent.id}`)).id, agent.id);
});

test('an agent-scoped reader lists only themselves', async (t) => {
  await given.account(stack);
  const agent = await given.user(stack, { permissions: ['user:read'] });
  const res = await api.as(agent).get('/users?limit=100');
  t.deepEqual(ids(expectData(t, res)), [agent.id]);
  t.is(res.json().meta.page.nextCursor, null);
});

test('an agent-scoped writer cannot change another user: 404 as if absent', async (t) => {
  const agent = await given.user(stack, { permissions: ['user:read', 'user:write', 'user:suspend'] });
  const other = await given.account(stack, { name: 'Untouched' });
  expectError(t, await api.as(agent).patch(`/users/${other.id}`, { name: 'Hijacked' }), 404, 'NOT_FOUND');
  expectError(t, await api.as(agent).post(`/users/${other.id}/suspend`, { reason: 'x' }), 404, 'NOT_FOUND');
  const [row] = await sql(`select name, status from users where id = ?`, [other.id]);
  t.deepEqual({ ...row }, { name: 'Untouched', status: 'active' });
});

test('an insurer-scoped reader lists only users of their insurer', async (t) => {
  const token = unique();
  const mine = await given.account(stack, { name: `Ins ${token} a`, insurerId: 'INS-A' });
  await given.account(stack, { name: `Ins ${token} b`, insurerId: 'INS-B' });
  await given.account(stack, { name: `Ins ${token} none` });
  const staff = await given.user(stack, { permissions: ['user:read'], insurerId: 'INS-A' });
  t.deepEqual(ids(expectData(t, await api.as(staff).get(`/users?q=${token}`))), [mine.id]);
  const all = expectData<{ insurerId: string }[]>(t, await api.as(staff).get('/users?limit=100'));
  t.true(all.length > 0);
  t.true(all.every((u) => u.insurerId === 'INS-A'));
  const own = expectData<{ insurerId: string }[]>(t, await api.as(staff).get('/users?insurerId=INS-A&limit=100'));
  t.true(own.every((u) => u.insurerId === 'INS-A'));
});

test('an insurer-scoped reader gets 404 for a user of another insurer', async (t) => {
  const staff = await given.user(stack, { permissions: ['user:read'], insurerId: 'INS-A' });
  const theirs = await given.account(stack, { insurerId: 'INS-B' });
  const hidden = expectError(t, await api.as(staff).get(`/users/${theirs.id}`), 404, 'NOT_FOUND');
  t.deepEqual(hidden, (await api.as(staff).get(`/users/${uuidv7()}`)).json().error);
});

test('an insurer-scoped reader filtering on another insurer answers 403 FORBIDDEN', async (t) => {
  const staff = await given.user(stack, { permissions: ['user:read'], insurerId: 'INS-A' });
  expectError(t, await api.as(staff).get('/users?insurerId=INS-B'), 403, 'FORBIDDEN');
});

test('an agent-scoped caller filtering on an insurer answers 403 FORBIDDEN', async (t) => {
  const agent = await given.user(stack, { permissions: ['user:read'] });
  expectError(t, await api.as(agent).get('/users?insurerId=INS-A'), 403, 'FORBIDDEN');
});

test('an agent-scoped caller cannot create users: 403', async (t) => {
  const agent = await given.user(stack, { permissions: ['user:read', 'user:write'] });
  const email = newEmail('agent-made');
  expectError(t, await api.as(agent).post('/users', { email, name: 'Made By Agent' }), 403, 'FORBIDDEN');
  t.deepEqual(await sql(`select 1 from users where email = ?`, [email]), []);
});

test('an insurer-scoped caller creates users in their own insurer only', async (t) => {
  const staff = await given.user(stack, { permissions: ['user:read', 'user:write'], insurerId: 'INS-A' });
  t.is(
    expectData(t, await api.as(staff).post('/users', { email: newEmail(), name: 'Implicit Insurer' }), 201).insurerId,
    'INS-A',
  );
  expectError(
    t,
    await api.as(staff).post('/users', { email: newEmail(), name: 'Other Insurer', insurerId: 'INS-B' }),
    403,
    'FORBIDDEN',
  );
});

test('only scope all can move a user to another insurer', async (t) => {
  const staff = await given.user(stack, { permissions: ['user:read', 'user:write'], insurerId: 'INS-A' });
  const user = await given.account(stack, { insurerId: 'INS-A' });
  expectError(t, await api.as(staff).patch(`/users/${user.id}`, { insurerId: 'INS-B' }), 403, 'FORBIDDEN');
  t.is(expectData(t, await api.as(admin).patch(`/users/${user.id}`, { insurerId: 'INS-B' })).insurerId, 'INS-B');
});
