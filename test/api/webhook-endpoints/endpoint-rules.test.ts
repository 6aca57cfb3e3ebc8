import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectError, expectValidation, missing } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/**
 * What an endpoint may be, checked when it is registered or changed, without any traffic: https only,
 * never a private, loopback, link-local or metadata address in any of its spellings, no user info,
 * known event types; and who may see and change it.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const create = (url: string, events = ['claim.filed']) => api.as(admin).post('/webhook-endpoints', { url, events });

for (const [url, constraint] of [
  ['http://169.254.169.254/latest/meta-data/', 'https'],
  ['https://169.254.169.254/latest/meta-data/', 'address'],
  ['https://[::ffff:127.0.0.1]/hook', 'address'],
  ['https://[::ffff:7f00:1]/hook', 'address'],
  ['https://[fd00:ec2::254]/', 'address'],
  ['https://10.1.2.3/hook', 'address'],
  ['https://100.64.0.1/hook', 'address'],
  ['https://localhost/hook', 'address'],
  ['https://metadata.google.internal/computeMetadata/v1/', 'address'],
  ['https://user:secret@hooks.example.com/in', 'userinfo'],
  ['http://hooks.example.com/in', 'https'],
] as const) {
  test(`registering ${url} is refused (${constraint}), with no request sent anywhere`, async (t) => {
    expectValidation(t, await create(url), { 'body.url': constraint });
  });
}

test('an unknown event type is refused, naming it', async (t) => {
  const res = await create('https://hooks.example.com/in', ['claim.filed', 'claim.exploded']);
  const [detail] = expectValidation(t, res, { 'body.events.1': 'enum' });
  t.regex(detail.message, /claim\.exploded/);
});

test('a public https URL is taken; a change of URL is checked again', async (t) => {
  const created = expectData(t, await create('https://hooks.example.com/in'), 201);
  t.is(created.status, 'enabled');
  expectValidation(t, await api.as(admin).patch(`/webhook-endpoints/${created.id}`, { url: 'https://127.0.0.1/' }), {
    'body.url': 'address',
  });
  const changed = expectData(
    t,
    await api.as(admin).patch(`/webhook-endpoints/${created.id}`, { events: ['claim.settled'] }),
  );
  t.deepEqual(changed.events, ['claim.settled']);
});

test('endpoints are seen and changed within the data scope of who asks; writing needs webhook_endpoint:write', async (t) => {
  const ours = await given.user(stack, {
    permissions: ['webhook_endpoint:read', 'webhook_endpoint:write'],
    insurerId: 'insurer-a',
  });
  const theirs = await given.user(stack, { permissions: ['webhook_endpoint:read'], insurerId: 'insurer-b' });
  const created = expectData(
    t,
    await api.as(ours).post('/webhook-endpoints', { url: 'https://hooks.example.com/a', events: ['claim.filed'] }),
    201,
  );
  t.is(created.insurerId, 'insurer-a');
  expectError(t, await api.as(theirs).get(`/webhook-endpoints/${created.id}`), 404, 'NOT_FOUND');
  t.false(
    expectData(t, await api.as(theirs).get('/webhook-endpoints')).some((e: { id: string }) => e.id === created.id),
  );
  expectError(
    t,
    await api.as(theirs).post('/webhook-endpoints', { url: 'https://hooks.example.com/b', events: ['claim.filed'] }),
    403,
    'FORBIDDEN',
    missing('webhook_endpoint:write'),
  );
  const disabled = expectData(
    t,
    await api.as(ours).post(`/webhook-endpoints/${created.id}/disable`, { reason: 'maintenance' }),
  );
  t.is(disabled.status, 'disabled');
  expectError(t, await api.as(ours).post(`/webhook-endpoints/${created.id}/disable`), 422, 'INVALID_TRANSITION');
  t.is(expectData(t, await api.as(ours).post(`/webhook-endpoints/${created.id}/enable`)).status, 'enabled');
});
