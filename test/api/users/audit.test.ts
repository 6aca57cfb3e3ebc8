import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { auditOn, unique } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given, systemRole } from '../../helpers/given.js';
import { newEmail } from '../../helpers/through-api.js';

/** Every change to a user is audited with the real actor and the request id; a refused one is not. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const AGENT_ID = systemRole('agent').id;
const auditOf = (subjectId: string, action: string) => auditOn(stack)(subjectId, action);
const withRequestId = (id: string) => ({ headers: { 'x-request-id': id } });

test('creating, updating and changing the status of a user each audit the real actor and the requestId', async (t) => {
  const requestId = (label: string) => `req-${label}-${unique()}`;
  const ids = {
    create: requestId('create'),
    update: requestId('update'),
    activate: requestId('activate'),
    suspend: requestId('suspend'),
    archive: requestId('archive'),
  };
  const created = await api
    .as(admin)
    .post(
      '/users',
      { email: newEmail(), name: 'Audited', password: 'audited-password-123' },
      withRequestId(ids.create),
    );
  const id = expectData(t, created, 201).id as string;
  t.is(created.headers['x-request-id'], ids.create);
  expectData(t, await api.as(admin).patch(`/users/${id}`, { name: 'Audited Again' }, withRequestId(ids.update)));
  expectData(t, await api.as(admin).post(`/users/${id}/activate`, undefined, withRequestId(ids.activate)));
  expectData(
    t,
    await api.as(admin).post(`/users/${id}/suspend`, { reason: 'Audit check' }, withRequestId(ids.suspend)),
  );
  expectData(t, await api.as(admin).post(`/users/${id}/archive`, undefined, withRequestId(ids.archive)));
  for (const [action, rid] of Object.entries(ids)) {
    const entries = await auditOf(id, `user.${action}`);
    t.is(entries.length, 1, action);
    t.like(entries[0], { actor: admin.id, request_id: rid }, action);
  }
  const [create] = await auditOf(id, 'user.create');
  t.false(JSON.stringify(create.summary).includes('audited-password-123'), 'no password in the summary');
  t.is((await auditOf(id, 'user.suspend'))[0].summary.reason, 'Audit check');
});

test('assigning and removing a role each audit the real actor and the requestId', async (t) => {
  const user = await given.account(stack);
  const assignId = `req-assign-${unique()}`;
  const removeId = `req-remove-${unique()}`;
  expectData(t, await api.as(admin).post(`/users/${user.id}/roles`, { roleId: AGENT_ID }, withRequestId(assignId)));
  expectData(t, await api.as(admin).delete(`/users/${user.id}/roles/${AGENT_ID}`, withRequestId(removeId)));
  const [assigned] = await auditOf(user.id, 'user.role_assign');
  t.like(assigned, { actor: admin.id, request_id: assignId });
  t.is(assigned.summary.roleId, AGENT_ID);
  const [removed] = await auditOf(user.id, 'user.role_remove');
  t.like(removed, { actor: admin.id, request_id: removeId });
});

test('a refused change writes no audit entry', async (t) => {
  const user = await given.account(stack, { status: 'active' });
  expectError(t, await api.as(admin).post(`/users/${user.id}/activate`), 422, 'INVALID_TRANSITION');
  t.deepEqual(await auditOf(user.id, 'user.activate'), []);
});
