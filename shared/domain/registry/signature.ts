import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { InvalidSignatureError } from '../../kernel/errors.js';

export const SIGNATURE_TOLERANCE_S = 5 * 60;

const keys = new Map<string, KeyObject>();

/**
 * Standard Webhooks keys: `whsec_<base64>` is decoded; any other value is used as its UTF-8 bytes.
 * Made once per secret: a key object built per delivery costs more than the hash itself.
 */
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(
      secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8'),
    );
    if (keys.size >= 16) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/**
 * The secrets of a REGISTRY_WEBHOOK_SECRET value: one, or several separated by spaces or commas
 * while a key is rotated (newest first). Neither character occurs in a base64 `whsec_` key.
 */
export function webhookSecrets(configured: string): string[] {
  return configured.split(/[\s,]+/).filter(Boolean);
}

const hmac = (secret: string, id: string, timestamp: number, body: string) =>
  createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest();

/** The `v1,<base64>` signature of a delivery, with the first (newest) of the configured secrets. */
export function signWebhook(configured: string, id: string, timestamp: number, body: string): string {
  const [secret = ''] = webhookSecrets(configured);
  return `v1,${hmac(secret, id, timestamp, body).toString('base64')}`;
}

/** The `v1,<base64>` signatures of a delivery with each secret, space-separated (the receiver may hold either during a rotation). */
export function signWithEach(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => `v1,${hmac(secret, id, timestamp, body).toString('base64')}`).join(' ');
}

export interface SignedDelivery {
  id?: string;
  timestamp?: string;
  signature?: string;
  rawBody: string;
}

/**
 * Verifies a delivery as the Standard Webhooks specification describes: HMAC-SHA256 of
 * "id.timestamp.body", any one of several space-separated v1 signatures made with any one of
 * the configured secrets (key rotation on either side), timestamp within five minutes of now,
 * past or future. Throws INVALID_SIGNATURE otherwise.
 */
export function verifyWebhookSignature(
  configured: string,
  delivery: SignedDelivery,
  nowS = Math.floor(Date.now() / 1000),
): void {
  const { id, timestamp, signature, rawBody } = delivery;
  if (!id || !timestamp || !signature)
    throw new InvalidSignatureError('webhook-id, webhook-timestamp and webhook-signature headers are required');
  if (!/^\d{1,12}$/.test(timestamp)) throw new InvalidSignatureError('webhook-timestamp must be unix seconds');
  if (Math.abs(nowS - Number(timestamp)) > SIGNATURE_TOLERANCE_S)
    throw new InvalidSignatureError('webhook-timestamp is outside the 5 minute tolerance');
  const expected = webhookSecrets(configured).map((secret) => hmac(secret, id, Number(timestamp), rawBody));
  const matches = signature.split(' ').some((candidate) => {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return expected.some((e) => given.length === e.length && timingSafeEqual(given, e));
  });
  if (!matches) throw new InvalidSignatureError('No webhook-signature matches');
}
