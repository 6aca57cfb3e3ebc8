import { Type } from 'typebox';
import {
  EventId,
  RegistryEvent,
  RegistryEventFilters,
  RegistryEventReceipt,
  RegistryEventRecord,
  WEBHOOKS_TAG,
} from '../../../shared/domain/registry/index.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';

export const registryWebhookSchema = {
  operationId: 'receiveRegistryEvent',
  tags: WEBHOOKS_TAG,
  security: [],
  summary: 'Receive an identity registry event',
  description:
    'Signed as Standard Webhooks: headers webhook-id (= eventId), webhook-timestamp (unix seconds, within 5 minutes) and webhook-signature (v1,<base64 HMAC-SHA256 of "id.timestamp.body">), checked before the body is validated. 201 queued, 200 ignored (type not acted upon), 409 a known eventId.',
  headers: Type.Object({
    'webhook-id': Type.Optional(Type.String({ maxLength: 128, description: 'The eventId of the body' })),
    'webhook-timestamp': Type.Optional(
      Type.String({ maxLength: 20, description: 'Unix seconds; within 5 minutes of now' }),
    ),
    'webhook-signature': Type.Optional(
      Type.String({
        // A few `v1,` signatures of 44 base64 characters; generous, so a bad one is still refused as unsigned (401).
        maxLength: 1024,
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

export const listRegistryEventsSchema = {
  operationId: 'listRegistryEvents',
  tags: WEBHOOKS_TAG,
  summary: 'List received registry events',
  description:
    'Registry events as received, newest first: status, type, attempts, last error, received and processed times (never the payload, which holds personal data). Needs webhook:read. Filter by status to find the failed ones.',
  querystring: Type.Object({ ...PageQuery, ...RegistryEventFilters.properties }, { additionalProperties: false }),
  response: { 200: ListEnvelope(RegistryEventRecord), ...ERROR_RESPONSES },
};

export const getRegistryEventSchema = {
  operationId: 'getRegistryEvent',
  tags: WEBHOOKS_TAG,
  summary: 'Get a received registry event',
  description:
    'One registry event by its eventId (the webhook-id of its delivery): where it stands and why it failed, if it did. Needs webhook:read.',
  params: Type.Object({ eventId: EventId }),
  response: { 200: Envelope(RegistryEventRecord, 'The event'), ...ERROR_RESPONSES },
};
