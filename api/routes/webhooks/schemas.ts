import { Type } from 'typebox';
import { RegistryEvent, RegistryEventReceipt, WEBHOOKS_TAG } from '../../../shared/domain/registry/index.js';
import { Envelope, ERROR_RESPONSES } from '../../http/envelope.js';

export const registryWebhookSchema = {
  operationId: 'receiveRegistryEvent',
  tags: WEBHOOKS_TAG,
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
    200: Envelope(RegistryEventReceipt, 'Ignored: a type not acted upon'),
    201: Envelope(RegistryEventReceipt, 'Queued for processing'),
    ...ERROR_RESPONSES,
  },
};
