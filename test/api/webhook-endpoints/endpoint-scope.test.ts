import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { waitFor } from '../../helpers/stack.js';
import { issuePolicy as issuePolicyAs, receiver } from '../../helpers/webhook-receiver.js';

/**
 * Whose an endpoint is: an insurer's staff see and change the endpoints made for their insurer, so an
 * endpoint never hears beyond the insurer it was made for, and one made by an owner of scope all belongs
 * to no insurer at all.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s), {
  workers: true,
  env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_DISPATCH_EVERY_MS: '100', WEBHOOK_TIMEOUT_MS: '2000' },
});

const issuePolicy = async (insurerId: string) => (await issuePolicyAs(api.as(admin), admin.id, insurerId)).id;
const ENDPOINTS = ['webhook_endpoint:read', 'webhook_endpoint:write'];

test('an endpoint made by an owner of scope all belongs to no insurer: the staff of the insurer their account names neither see nor change it', async (t) => {
  const boss = await given.user(stack, { permissions: [...ENDPOINTS, 'data:scope:all'], insurerId: 'insurer-boss' });
  const made = expectData(
    t,
    await api.as(boss).post('/webhook-endpoints', { url: 'http://127.0.0.1:9/boss', events: ['policy.issued'] }),
    201,
  );
  t.is(made.insurerId, null);
  const staff = await given.user(stack, { permissions: ENDPOINTS, insurerId: 'insurer-boss' });
  const as = api.as(staff);
  expectError(t, await as.get(`/webhook-endpoints/${made.id}`), 404, 'NOT_FOUND');
  expectError(
    t,
    await as.patch(`/webhook-endpoints/${made.id}`, { url: 'http://127.0.0.1:9/staff' }),
    404,
    'NOT_FOUND',
  );
  expectError(t, await as.post(`/webhook-endpoints/${made.id}/rotate-secret`), 404, 'NOT_FOUND');
  t.is(expectData(t, await api.as(boss).get(`/webhook-endpoints/${made.id}`)).url, 'http://127.0.0.1:9/boss');
});

test('an endpoint made for an insurer hears only that insurer’s records, even once its owner gains scope all', async (t) => {
  const r = await receiver();
  try {
    const owner = await given.user(stack, { permissions: ENDPOINTS, insurerId: 'insurer-grows' });
    const made = expectData(
      t,
      await api.as(owner).post('/webhook-endpoints', { url: `${r.base}/hooks`, events: ['policy.issued'] }),
      201,
    );
    t.is(made.insurerId, 'insurer-grows');
    const everything = await given.role(stack, ['data:scope:all']);
    expectData(t, await api.as(admin).post(`/users/${owner.id}/roles`, { roleId: everything.id }));
    const theirs = await issuePolicy('insurer-elsewhere');
    const ours = await issuePolicy('insurer-grows');
    await waitFor(async () => r.received.find((x) => x.body.includes(ours)), 'our policy.issued');
    // Dispatch is in commit order: once ours arrived, theirs (committed before) was decided on too.
    t.false(r.received.some((x) => x.body.includes(theirs)));
  } finally {
    await r.close();
  }
});

// Serial, so before the others: run again, the migration would also take the insurer off their endpoints.
test.serial(
  'the migration takes the insurer off the endpoints of owners of scope all made before the rule, and only theirs',
  async (t) => {
    const boss = await given.user(stack, { permissions: [...ENDPOINTS, 'data:scope:all'], insurerId: 'insurer-old' });
    const staff = await given.user(stack, { permissions: ENDPOINTS, insurerId: 'insurer-old' });
    const body = { url: 'http://127.0.0.1:9/old', events: ['policy.issued'] };
    const bosses = expectData(t, await api.as(boss).post('/webhook-endpoints', body), 201).id;
    const staffs = expectData(t, await api.as(staff).post('/webhook-endpoints', body), 201).id;
    const sql = (text: string, params: unknown[] = []) => stack.orm.em.fork().execute(text, params);
    // As endpoints were made before: the owner's account's insurer, scope all or not.
    await sql(`update webhook_endpoints set insurer_id = 'insurer-old' where id = ?`, [bosses]);
    await stack.orm.migrator.down({ to: 'Migration20261128000200_premium_reminders' });
    t.deepEqual(
      (await stack.orm.migrator.up()).map((m) => m.name),
      ['Migration20261128000300_webhook_endpoint_insurer'],
    );
    const rows = await sql(`select id, insurer_id from webhook_endpoints where id in (?, ?)`, [bosses, staffs]);
    t.deepEqual(Object.fromEntries(rows.map((r) => [r.id, r.insurer_id])), {
      [bosses]: null,
      [staffs]: 'insurer-old',
    });
  },
);
