import { Type } from 'typebox';
import { ERROR_RESPONSES, Envelope, StringEnum, Timestamp } from '../common.js';

export const RegistryEventBody = Type.Object(
  {
    eventId: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' }),
    type: Type.String({ minLength: 1, maxLength: 100 }),
    occurredAt: Timestamp,
    data: Type.Object({}, { additionalProperties: true, description: 'identity.* events: { email or userId, nationalId, reference }' }),
  },
  { additionalProperties: false },
);

const Received = Envelope(Type.Object({ eventId: Type.String(), status: StringEnum(['queued', 'ignored']) }));

export const registryWebhookSchema = {
  operationId: 'receiveRegistryEvent', tags: ['webhooks'], security: [],
  summary: 'Identity registry events, signed as Standard Webhooks',
  description: 'Headers webhook-id (= eventId), webhook-timestamp (unix seconds, within 5 minutes) and webhook-signature (v1,<base64 HMAC-SHA256 of "id.timestamp.body">). 201 queued, 200 ignored (type not acted upon), 409 a known eventId.',
  headers: Type.Object({
    'webhook-id': Type.Optional(Type.String()),
    'webhook-timestamp': Type.Optional(Type.String()),
    'webhook-signature': Type.Optional(Type.String()),
  }),
  body: RegistryEventBody,
  response: { 200: Received, 201: Received, ...ERROR_RESPONSES },
};
