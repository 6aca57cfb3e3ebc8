import test from 'ava';
import type { LightMyRequestResponse } from 'fastify';
import { PERMISSION_NAMES } from '../../../shared/catalogues.js';
import { ADMIN_ROLE_ID } from '../../../shared/domain/access/system-roles.js';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/**
 * The platform keeps an active admin: the last active holder of the admin role cannot be suspended,
 * archived or lose the role, also when two admins act on each other at the same moment. The tests are
 * serial: each decides who the active admins of the install are.
 */
let stack: Stack;
let api: Api;
let root: SignedIn;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  // Every permission through a custom role, so the admin role's holders are the tests' own.
  root = await given.user(stack, { permissions: [...PERMISSION_NAMES] });
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);

/** Archives every holder of the admin role but `keep` (in the database, as if done long ago). */
const onlyAdmins = (...keep: string[]) =>
  sql(
    `update users set status = 'archived' where id in (select user_id from user_roles where role_id = ?) and id not in (${keep.map(() => '?').join(', ')})`,
    [ADMIN_ROLE_ID, ...keep],
  );
const activeAdmins = async () =>
  (
    await sql(
      `select u.id from users u join user_roles ur on ur.user_id = u.id and ur.role_id = ? where u.status = 'active'`,
      [ADMIN_ROLE_ID],
    )
  ).map((r) => r.id as string);

test.serial('the last active admin cannot be suspended or archived: 422 INVARIANT_VIOLATION', async (t) => {
  const last = await given.account(stack, { roles: ['admin'] });
  const suspended = await given.account(stack, { roles: ['admin'], status: 'suspended' });
  const pending = await given.account(stack, { roles: ['admin'], status: 'pending' });
  await onlyAdmins(last.id, suspended.id, pending.id);
  const refused = expectError(
    t,
    await api.as(root).post(`/users/${last.id}/suspend`, { reason: 'Leaving' }),
    422,
    'INVARIANT_VIOLATION',
  );
  t.regex(refused.message, /last active admin/);
  expectError(t, await api.as(root).post(`/users/${last.id}/archive`), 422, 'INVARIANT_VIOLATION');
  t.deepEqual(await activeAdmins(), [last.id]);
  // Inactive admins can go: they are not the one that keeps the platform administered.
  expectData(t, await api.as(root).post(`/users/${suspended.id}/archive`));
  expectData(t, await api.as(root).post(`/users/${pending.id}/suspend`, { reason: 'Never started' }));
  // With another active admin, the first may go.
  const next = await given.account(stack, { roles: ['admin'] });
  t.is(expectData(t, await api.as(root).post(`/users/${last.id}/suspend`, { reason: 'Leaving' })).status, 'suspended');
  t.deepEqual(await activeAdmins(), [next.id]);
});

test.serial('the last active admin cannot lose the admin role, not even by their own hand', async (t) => {
  const last = await given.user(stack, { roles: ['admin'] });
  await onlyAdmins(last.id);
  for (const who of [last, root])
    expectError(
      t,
      await api.as(who).delete(`/users/${last.id}/roles/${ADMIN_ROLE_ID}`),
      422,
      'INVARIANT_VIOLATION',
      undefined,
      who === last ? 'themselves' : 'someone else',
    );
  t.deepEqual(await activeAdmins(), [last.id]);
  const next = await given.account(stack, { roles: ['admin'] });
  t.deepEqual(expectData(t, await api.as(last).delete(`/users/${last.id}/roles/${ADMIN_ROLE_ID}`)).roles, []);
  t.deepEqual(await activeAdmins(), [next.id]);
});

/** Two admins, the only active ones, each acting on the other at the same moment. */
const races: [string, (who: SignedIn, other: { id: string }) => Promise<LightMyRequestResponse>][] = [
  ['suspend', (who, other) => api.as(who).post(`/users/${other.id}/suspend`, { reason: 'Race' })],
  ['archive', (who, other) => api.as(who).post(`/users/${other.id}/archive`)],
  ['remove the admin role', (who, other) => api.as(who).delete(`/users/${other.id}/roles/${ADMIN_ROLE_ID}`)],
];

test.serial(
  'two admins suspending, archiving or demoting each other at once leave one of them an active admin',
  async (t) => {
    for (let round = 0; round < 3; round++) {
      for (const [label, act] of races) {
        const a = await given.user(stack, { roles: ['admin'] });
        const b = await given.user(stack, { roles: ['admin'] });
        await onlyAdmins(a.id, b.id);
        const answers = await Promise.all([act(a, b), act(b, a)]);
        const statuses = answers.map((res) => res.statusCode).sort();
        t.is(statuses.filter((s) => s === 200).length, 1, `${label}: ${statuses.join(', ')}`);
        // The other was refused by the rule, or not let in at all once the first had ended their sessions
        // (401) or taken their role (403).
        const refused = answers.find((res) => res.statusCode !== 200)!;
        t.true([401, 403, 422].includes(refused.statusCode), `${label}: ${refused.body}`);
        if (refused.statusCode === 422) t.is(refused.json().error.code, 'INVARIANT_VIOLATION');
        t.is((await activeAdmins()).length, 1, label);
      }
    }
  },
);
