import test from 'ava';
import { verifyWebhookSignature } from '../../../shared/domain/registry/index.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { fileClaim } from '../../helpers/claims.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectNoContent } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { waitFor } from '../../helpers/stack.js';
import { issuePolicy as issuePolicyAs, receiver } from '../../helpers/webhook-receiver.js';

/**
 * Outbound webhooks end to end: endpoints registered through the API, events of their owner's scope
 * delivered by the workers to a receiver on loopback, signed as Standard Webhooks, every attempt on
 * record, failures retried, redelivered on demand, and an endpoint failing for three days disabled.
 */
let { stack, api, admin, colleague } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin, colleague } = s), {
  workers: true,
  env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_DISPATCH_EVERY_MS: '100', WEBHOOK_TIMEOUT_MS: '2000' },
});

const issuePolicy = (insurerId: string) => issuePolicyAs(api.as(admin), admin.id, insurerId);

test('an endpoint receives the events it asked for, signed with its secret; its secret is shown once', async (t) => {
  const r = await receiver();
  try {
    const created = expectData(
      t,
      await api.as(admin).post('/webhook-endpoints', { url: `${r.base}/hooks`, events: ['claim.filed'] }),
      201,
    );
    t.regex(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const read = expectData(t, await api.as(admin).get(`/webhook-endpoints/${created.id}`));
    t.false('secret' in read);
    const policy = await issuePolicy('insurer-hooks');
    const claim = await fileClaim(api.as(colleague), policy.id);
    const delivery = await waitFor(
      async () => r.received.find((x) => x.body.includes(claim.id)),
      'the claim.filed delivery',
    );
    const body = JSON.parse(delivery.body);
    t.is(body.type, 'claim.filed');
    t.is(body.data.id, claim.id);
    t.is(delivery.headers['webhook-id'], body.id);
    t.is(delivery.headers['content-type'], 'application/json');
    t.notThrows(() =>
      verifyWebhookSignature(created.secret, {
        id: String(delivery.headers['webhook-id']),
        timestamp: String(delivery.headers['webhook-timestamp']),
        signature: String(delivery.headers['webhook-signature']),
        rawBody: delivery.body,
      }),
    );
    // Only the types it takes: the policy's issue was not sent.
    t.false(r.received.some((x) => JSON.parse(x.body).type === 'policy.issued'));
    const [logged] = await waitFor(async () => {
      const page = expectData(t, await api.as(admin).get(`/webhook-endpoints/${created.id}/deliveries`));
      return page.length && page[0].status === 'delivered' ? page : undefined;
    }, 'the delivery on record');
    t.is(logged.eventId, body.id);
    t.is(logged.attempts.length, 1);
    t.is(logged.attempts[0].responseCode, 204);
    t.true(logged.attempts[0].durationMs >= 0);
  } finally {
    await r.close();
  }
});

test('an endpoint hears only of records in the data scope of whoever created it', async (t) => {
  const r = await receiver();
  try {
    const insurerStaff = await given.user(stack, { permissions: ['webhook_endpoint:write'], insurerId: 'insurer-own' });
    expectData(
      t,
      await api.as(insurerStaff).post('/webhook-endpoints', { url: `${r.base}/own`, events: ['policy.issued'] }),
      201,
    );
    const theirs = await issuePolicy('insurer-someone-else');
    const ours = await issuePolicy('insurer-own');
    await waitFor(async () => r.received.find((x) => x.body.includes(ours.id)), 'our policy.issued');
    // Dispatch is in commit order: once ours arrived, theirs (committed before) was decided on too.
    t.false(r.received.some((x) => x.body.includes(theirs.id)));
  } finally {
    await r.close();
  }
});

test('a failing receiver: every attempt is on record with its code and the next try; a redelivery sends it again', async (t) => {
  let answer = 500;
  const r = await receiver(() => answer);
  try {
    const created = expectData(
      t,
      await api.as(admin).post('/webhook-endpoints', { url: `${r.base}/flaky`, events: ['policy.issued'] }),
      201,
    );
    const policy = await issuePolicy('insurer-flaky');
    await waitFor(async () => r.received.find((x) => x.body.includes(policy.id)), 'the first try');
    const [failed] = await waitFor(async () => {
      const page = expectData(t, await api.as(admin).get(`/webhook-endpoints/${created.id}/deliveries`));
      return page[0]?.attempts.length ? page : undefined;
    }, 'the failed attempt on record');
    t.is(failed.status, 'pending');
    t.is(failed.responseCode, 500);
    t.is(failed.error, 'HTTP 500');
    t.truthy(failed.nextRetryAt, 'a retry is planned');
    t.truthy(expectData(t, await api.as(admin).get(`/webhook-endpoints/${created.id}`)).failingSince);
    answer = 200;
    const again = await api.as(admin).post(`/webhook-endpoints/${created.id}/deliveries/${failed.id}/redeliver`);
    t.is(again.statusCode, 202);
    const [done] = await waitFor(async () => {
      const page = expectData(t, await api.as(admin).get(`/webhook-endpoints/${created.id}/deliveries`));
      return page[0]?.status === 'delivered' ? page : undefined;
    }, 'the redelivery');
    t.deepEqual(done.attempts.map((a: { responseCode: number }) => a.responseCode).slice(-1), [200]);
    const ids = new Set(r.received.filter((x) => x.body.includes(policy.id)).map((x) => x.headers['webhook-id']));
    t.is(ids.size, 1, 'every try carries the same webhook-id');
    t.is(expectData(t, await api.as(admin).get(`/webhook-endpoints/${created.id}`)).failingSince, null);
  } finally {
    await r.close();
  }
});

test('an endpoint whose deliveries have failed for three days is disabled, with an audit entry', async (t) => {
  const r = await receiver(() => 503);
  try {
    const created = expectData(
      t,
      await api.as(admin).post('/webhook-endpoints', { url: `${r.base}/down`, events: ['policy.issued'] }),
      201,
    );
    await sqlOn(stack)(`update webhook_endpoints set failing_since = now() - interval '3 days 1 minute' where id = ?`, [
      created.id,
    ]);
    await issuePolicy('insurer-down');
    const disabled = await waitFor(async () => {
      const now = expectData(t, await api.as(admin).get(`/webhook-endpoints/${created.id}`));
      return now.status === 'disabled' ? now : undefined;
    }, 'the endpoint disabled');
    t.regex(disabled.statusReason, /three days/);
    const [entry] = await sqlOn(stack)(
      `select actor, summary from audit_entries where subject_id = ? and action = 'webhook_endpoint.disable_failing'`,
      [created.id],
    );
    t.is(entry.actor, 'system');
    const metrics = await stack.workers!.metrics.getSingleMetricAsString('backoffice_webhook_deliveries_total');
    t.regex(metrics, /outcome="retrying"/);
  } finally {
    await r.close();
  }
});

test('a rotated secret: deliveries carry a signature with each secret until the overlap ends', async (t) => {
  const r = await receiver();
  try {
    const created = expectData(
      t,
      await api.as(admin).post('/webhook-endpoints', { url: `${r.base}/rotating`, events: ['policy.issued'] }),
      201,
    );
    const rotated = expectData(t, await api.as(admin).post(`/webhook-endpoints/${created.id}/rotate-secret`));
    t.not(rotated.secret, created.secret);
    const policy = await issuePolicy('insurer-rotating');
    const delivery = await waitFor(async () => r.received.find((x) => x.body.includes(policy.id)), 'the delivery');
    const signed = {
      id: String(delivery.headers['webhook-id']),
      timestamp: String(delivery.headers['webhook-timestamp']),
      signature: String(delivery.headers['webhook-signature']),
      rawBody: delivery.body,
    };
    t.is(signed.signature.split(' ').length, 2);
    t.notThrows(() => verifyWebhookSignature(rotated.secret, signed));
    t.notThrows(() => verifyWebhookSignature(created.secret, signed));
    expectNoContent(t, await api.as(admin).delete(`/webhook-endpoints/${created.id}`));
  } finally {
    await r.close();
  }
});
