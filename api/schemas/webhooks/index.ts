import { Type } from 'typebox';
import { component, StringEnum, Timestamp, tag } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES } from '../../http/envelope.js';

const tags = tag('webhooks', 'Events pushed by partner systems, signed as Standard Webhooks; no bearer token.');

export const RegistryEvent = component(
  'RegistryEvent',
  Type.Object(
    {
      eventId: Type.String({
        minLength: 1,
        maxLength: 128,
        pattern: '^[A-Za-z0-9._:-]+$',
        description: 'Unique per event; equals the webhook-id header',
      }),
      type: Type.String({ minLength: 1, maxLength: 100, description: 'e.g. identity.verified' }),
      occurredAt: Timestamp,
      data: Type.Object(
        {},
        { additionalProperties: true, description: 'identity.* events: { email or userId, nationalId, reference }' },
      ),
    },
    { additionalProperties: false, description: 'An event of the identity registry' },
  ),
);

const Receipt = component(
  'RegistryEventReceipt',
  Type.Object(
    {
      eventId: Type.String(),
      status: StringEnum(['queued', 'ignored'], {
        description: 'queued: it will be processed; ignored: a type not acted upon',
      }),
    },
    { description: 'What became of a registry event' },
  ),
);

export const registryWebhookSchema = {
  operationId: 'receiveRegistryEvent',
  tags,
  security: [],
  summary: 'Receive an identity registry event',
  description:
    'Signed as Standard Webhooks: headers webhook-id (= eventId), webhook-timestamp (unix seconds, within 5 minutes) and webhook-signature (v1,<base64 HMAC-SHA256 of "id.timestamp.body">), checked before the body is validated. 201 queued, 200 ignored (type not acted upon), 409 a known eventId.',
  headers: Type.Object({
    'webhook-id': Type.Optional(Type.String({ description: 'The eventId of the body' })),
    'webhook-timestamp': Type.Optional(Type.String({ description: 'Unix seconds; within 5 minutes of now' })),
    'webhook-signature': Type.Optional(
      Type.String({
        description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body">; several, space-separated, during a key rotation',
      }),
    ),
  }),
  body: RegistryEvent,
  response: {
    200: Envelope(Receipt, 'Ignored: a type not acted upon'),
    201: Envelope(Receipt, 'Queued for processing'),
    ...ERROR_RESPONSES,
  },
};
