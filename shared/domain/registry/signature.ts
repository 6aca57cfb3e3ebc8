import { createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidSignatureError } from '../../errors/index.js';

export const SIGNATURE_TOLERANCE_S = 5 * 60;

/** Standard Webhooks keys: `whsec_<base64>` is decoded; any other value is used as its UTF-8 bytes. */
function keyOf(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export interface SignedDelivery {
  id?: string;
  timestamp?: string;
  signature?: string;
  rawBody: string;
}

/**
 * Verifies a delivery as the Standard Webhooks specification describes: HMAC-SHA256 of
 * "id.timestamp.body", any one of several space-separated v1 signatures, timestamp within
 * five minutes of now. Throws INVALID_SIGNATURE otherwise.
 */
export function verifyWebhookSignature(
  secret: string,
  delivery: SignedDelivery,
  nowS = Math.floor(Date.now() / 1000),
): void {
  const { id, timestamp, signature, rawBody } = delivery;
  if (!id || !timestamp || !signature)
    throw new InvalidSignatureError('webhook-id, webhook-timestamp and webhook-signature headers are required');
  if (!/^\d{1,12}$/.test(timestamp)) throw new InvalidSignatureError('webhook-timestamp must be unix seconds');
  if (Math.abs(nowS - Number(timestamp)) > SIGNATURE_TOLERANCE_S)
    throw new InvalidSignatureError('webhook-timestamp is outside the 5 minute tolerance');
  const expected = Buffer.from(signWebhook(secret, id, Number(timestamp), rawBody).slice(3), 'base64');
  const matches = signature.split(' ').some((candidate) => {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new InvalidSignatureError('No webhook-signature matches');
}
