import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation, like, missing } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { createUser } from '../../helpers/through-api.js';

/** The user state machine: activate, suspend, archive; who may change a status. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);

test('activate takes a pending user to active', async (t) => {
  const user = await createUser(api.as(admin));
  t.is(expectData(t, await api.as(admin).post(`/users/${user.id}/activate`)).status, 'active');
});

test('activating an active user answers 422 INVALID_TRANSITION with from, action and allowedFrom', async (t) => {
  const user = await given.account(stack, { status: 'active' });
  const error = expectError(
    t,
    await api.as(admin).post(`/users/${user.id}/activate`),
    422,
    'INVALID_TRANSITION',
    like({ from: 'active', action: 'activate' }),
  );
  t.deepEqual([...error.details.allowedFrom].sort(), ['locked', 'pending', 'suspended']);
});

test('suspend with a reason takes an active user to suspended and ends their sessions', async (t) => {
  const target = await given.user(stack, { permissions: ['user:read'] });
  expectData(t, await api.as(target).get(`/users/${target.id}`));
  t.is(
    expectData(t, await api.as(admin).post(`/users/${target.id}/suspend`, { reason: 'Fraud investigation' })).status,
    'suspended',
  );
  expectError(t, await api.as(target).get(`/users/${target.id}`), 401, 'SESSION_REVOKED');
});

test('suspend without a reason answers 400 on body.reason', async (t) => {
  const user = await given.account(stack, { status: 'active' });
  expectValidation(t, await api.as(admin).post(`/users/${user.id}/suspend`, {}), ['body.reason']);
  const [row] = await sql(`select status from users where id = ?`, [user.id]);
  t.is(row.status, 'active');
});

test('archive takes a user to archived, and archiving again answers 422 INVALID_TRANSITION', async (t) => {
  const user = await given.account(stack, { status: 'suspended' });
  t.is(expectData(t, await api.as(admin).post(`/users/${user.id}/archive`)).status, 'archived');
  expectError(
    t,
    await api.as(admin).post(`/users/${user.id}/archive`),
    422,
    'INVALID_TRANSITION',
    like({ from: 'archived', action: 'archive' }),
  );
});

test('an archived user cannot be activated again', async (t) => {
  const user = await given.account(stack, { status: 'archived' });
  expectError(t, await api.as(admin).post(`/users/${user.id}/activate`), 422, 'INVALID_TRANSITION');
});

test('activate takes a suspended user back to active', async (t) => {
  const user = await given.account(stack, { status: 'active' });
  t.is(
    expectData(t, await api.as(admin).post(`/users/${user.id}/suspend`, { reason: 'Temporary' })).status,
    'suspended',
  );
  t.is(expectData(t, await api.as(admin).post(`/users/${user.id}/activate`)).status, 'active');
});

test('activate unlocks a locked user and clears the failed-login count', async (t) => {
  const user = await given.account(stack, { status: 'active' });
  await sql(
    `update users set status = 'locked', failed_login_count = 10, locked_until = now() + interval '15 minutes' where id = ?`,
    [user.id],
  );
  t.is(expectData(t, await api.as(admin).post(`/users/${user.id}/activate`)).status, 'active');
  const [row] = await sql(`select failed_login_count, locked_until from users where id = ?`, [user.id]);
  t.deepEqual({ ...row }, { failed_login_count: 0, locked_until: null });
});

test('a user cannot suspend themselves', async (t) => {
  const self = await given.user(stack, { permissions: ['user:read', 'user:suspend', 'data:scope:all'] });
  expectError(t, await api.as(self).post(`/users/${self.id}/suspend`, { reason: 'oops' }), 403, 'FORBIDDEN');
});

test('status changes need their own permission: user:write alone cannot suspend', async (t) => {
  const writer = await given.user(stack, { permissions: ['user:read', 'user:write', 'data:scope:all'] });
  const user = await given.account(stack, { status: 'active' });
  expectError(
    t,
    await api.as(writer).post(`/users/${user.id}/suspend`, { reason: 'no' }),
    403,
    'FORBIDDEN',
    missing('user:suspend'),
  );
});
