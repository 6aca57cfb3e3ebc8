import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import type { Response } from '../../helpers/client.js';
import { auditOn, unique } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given, systemRole } from '../../helpers/given.js';
import { newEmail } from '../../helpers/through-api.js';

/** Every change to a user is audited with the real actor and the request id; a refused one is not. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const AGENT_ID = systemRole('agent').id;
const auditOf = (subjectId: string, action: string) => auditOn(stack)(subjectId, action);
const withCorrelationId = (id: string) => ({ headers: { 'x-request-id': id } });
const requestIdOf = (res: Response) => String(res.headers['x-request-id']);

test('creating, updating and changing the status of a user each audit the real actor, the request id and the client correlation id', async (t) => {
  const correlationId = (label: string) => `req-${label}-${unique()}`;
  const sent = {
    create: correlationId('create'),
    update: correlationId('update'),
    activate: correlationId('activate'),
    suspend: correlationId('suspend'),
    archive: correlationId('archive'),
  };
  const created = await api
    .as(admin)
    .post(
      '/users',
      { email: newEmail(), name: 'Audited', password: 'audited-password-123' },
      withCorrelationId(sent.create),
    );
  const id = expectData(t, created, 201).id as string;
  const responses: Record<keyof typeof sent, Response> = {
    create: created,
    update: await api.as(admin).patch(`/users/${id}`, { name: 'Audited Again' }, withCorrelationId(sent.update)),
    activate: await api.as(admin).post(`/users/${id}/activate`, undefined, withCorrelationId(sent.activate)),
    suspend: await api
      .as(admin)
      .post(`/users/${id}/suspend`, { reason: 'Audit check' }, withCorrelationId(sent.suspend)),
    archive: await api.as(admin).post(`/users/${id}/archive`, undefined, withCorrelationId(sent.archive)),
  };
  for (const [action, res] of Object.entries(responses)) {
    expectData(t, res, action === 'create' ? 201 : 200, action);
    const entries = await auditOf(id, `user.${action}`);
    t.is(entries.length, 1, action);
    t.like(
      entries[0],
      { actor: admin.id, request_id: requestIdOf(res), correlation_id: sent[action as keyof typeof sent] },
      action,
    );
  }
  const [create] = await auditOf(id, 'user.create');
  t.false(JSON.stringify(create.summary).includes('audited-password-123'), 'no password in the summary');
  t.is((await auditOf(id, 'user.suspend'))[0].summary.reason, 'Audit check');
});

test('assigning and removing a role each audit the real actor and the request id', async (t) => {
  const user = await given.account(stack);
  const assigned = await api.as(admin).post(`/users/${user.id}/roles`, { roleId: AGENT_ID });
  expectData(t, assigned);
  const removed = await api.as(admin).delete(`/users/${user.id}/roles/${AGENT_ID}`);
  expectData(t, removed);
  const [assign] = await auditOf(user.id, 'user.role_assign');
  t.like(assign, { actor: admin.id, request_id: requestIdOf(assigned), correlation_id: null });
  t.is(assign.summary.roleId, AGENT_ID);
  const [remove] = await auditOf(user.id, 'user.role_remove');
  t.like(remove, { actor: admin.id, request_id: requestIdOf(removed) });
});

test('a refused change writes no audit entry', async (t) => {
  const user = await given.account(stack, { status: 'active' });
  expectError(t, await api.as(admin).post(`/users/${user.id}/activate`), 422, 'INVALID_TRANSITION');
  t.deepEqual(await auditOf(user.id, 'user.activate'), []);
});
