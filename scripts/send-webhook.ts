import { randomUUID } from 'node:crypto';
import { ConfigSchema } from '../shared/config/schema.js';
import { signWebhook } from '../shared/domain/registry/index.js';
import { UUID_TEXT } from '../shared/kernel/ids.js';
import { isEntry, runMain } from '../shared/process.js';

const USAGE = `Usage: npm run webhook:send -- <event type> <email or userId> [url]
  Signs a registry event as the registry would (Standard Webhooks, the first secret of
  REGISTRY_WEBHOOK_SECRET) and POSTs it to <url>/webhooks/registry (default http://127.0.0.1:3000).
  Example: npm run webhook:send -- identity.verified ada@example.test`;

interface TestDelivery {
  url: string;
  type: string;
  /** An email, or a user id (UUID). */
  who: string;
  secret: string;
}

/** Signs and sends one test event; resolves to the HTTP status and the answer's body. */
async function sendTestWebhook({ url, type, who, secret }: TestDelivery) {
  const eventId = `evt-test-${randomUUID()}`;
  const event = {
    eventId,
    type,
    occurredAt: new Date().toISOString(),
    data: { ...(UUID_TEXT.test(who) ? { userId: who.toLowerCase() } : { email: who }), reference: `TEST-${eventId}` },
  };
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await fetch(new URL('/webhooks/registry', url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, eventId, timestamp, body),
    },
    body,
  });
  return { status: res.status, body: await res.text() };
}

if (isEntry(import.meta.url)) {
  runMain(async () => {
    const [type, who, url = 'http://127.0.0.1:3000'] = process.argv.slice(2);
    if (!type || !who) {
      console.error(USAGE);
      process.exitCode = 2;
      return;
    }
    // Unset, the service's own default (development).
    const { default: devSecret } = ConfigSchema.properties.REGISTRY_WEBHOOK_SECRET as { default?: string };
    const secret = process.env.REGISTRY_WEBHOOK_SECRET ?? String(devSecret);
    const { status, body } = await sendTestWebhook({ url, type, who, secret });
    console.log(`${status} ${body}`);
    if (status >= 300) process.exitCode = 1;
  });
}
