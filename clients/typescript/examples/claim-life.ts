import { clientCredentialsToken, createBackofficeClient, idempotencyKey, type Schema } from '../src/index.js';

/**
 * A claim's whole life through the typed client, against a running service:
 *
 *   BACKOFFICE_URL=http://127.0.0.1:3000 \
 *   AGENT_CLIENT_ID=... AGENT_CLIENT_SECRET=... \
 *   HANDLER_CLIENT_ID=... HANDLER_CLIENT_SECRET=... \
 *   npx tsx clients/typescript/examples/claim-life.ts
 *
 * Two machine clients, since four eyes keep whoever files a claim from settling or paying it: the
 * agent's system (policy:issue, claim:file, claim:read, webhook_endpoint:write) and the claims
 * handler's (claim:read, claim:review, claim:settle, claim:pay, claim:close), made by two different
 * people: four eyes count a client as the person who created it. The policy is issued to
 * AGENT_ID (a user id) for INSURER_ID. With WEBHOOK_URL set, the agent's system first subscribes
 * that URL to the claim's events: verify each delivery's webhook-signature with the secret printed.
 */
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const baseUrl = env('BACKOFFICE_URL');
const asClient = async (prefix: string) =>
  createBackofficeClient({
    baseUrl,
    accessToken: (
      await clientCredentialsToken(baseUrl, {
        clientId: env(`${prefix}_CLIENT_ID`),
        clientSecret: env(`${prefix}_CLIENT_SECRET`),
      })
    ).accessToken,
  });
const agent = await asClient('AGENT');
const handler = await asClient('HANDLER');

/** The data of a success, or the error envelope thrown. */
function ok<T>(step: string, answer: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!answer.data) throw new Error(`${step}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  console.log(`${step}: ${answer.response.status}`);
  return answer.data.data;
}

const webhookUrl = process.env.WEBHOOK_URL;
if (webhookUrl) {
  const endpoint = ok(
    'subscribe to claim events',
    await agent.POST('/webhook-endpoints', {
      body: {
        url: webhookUrl,
        events: ['claim.filed', 'claim.settled', 'claim.payment_recorded', 'claim.closed'],
        description: 'claim-life example',
      },
    }),
  );
  console.log(`webhook secret: ${endpoint.secret.slice(0, 10)}... (shown once: keep it to verify deliveries)`);
}

const today = new Date().toISOString().slice(0, 10);
const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
const policy: Schema<'Policy'> = ok(
  'issue the policy',
  await agent.POST('/policies', {
    params: { header: { 'Idempotency-Key': idempotencyKey() } },
    body: {
      agentId: env('AGENT_ID'),
      insurerId: env('INSURER_ID'),
      productCode: 'MOTOR-COMP',
      holder: { name: 'Amina Njoroge' },
      sumInsured: kes(150_000_000),
      premium: kes(4_500_000),
      effectiveFrom: today,
      effectiveTo: new Date(Date.now() + 360 * 86_400_000).toISOString().slice(0, 10),
    },
  }),
);
const claim = ok(
  'file the claim',
  await agent.POST('/claims', {
    body: { policyId: policy.id, incidentDate: today, description: 'Hail damage', claimedAmount: kes(800_000) },
  }),
);
const path = { params: { path: { id: claim.id } } };
ok('review it', await handler.POST('/claims/{id}/review', path));
ok('settle it', await handler.POST('/claims/{id}/settle', { ...path, body: { amount: kes(600_000) } }));
ok(
  'pay it',
  await handler.POST('/claims/{id}/payments', {
    ...path,
    body: {
      amount: kes(600_000),
      method: 'bank_transfer',
      reference: `EX-${claim.id.slice(-8)}`,
      paidAt: new Date().toISOString(),
    },
  }),
);
const closed = ok('close it', await handler.POST('/claims/{id}/close', path));
const history = ok('read its history', await agent.GET('/claims/{id}/history', path));
console.log(
  JSON.stringify({ claimNumber: closed.claimNumber, status: closed.status, history: history.map((h) => h.type) }),
);
