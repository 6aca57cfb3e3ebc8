import { Type } from 'typebox';
import {
  CreateWebhookEndpointInput,
  DisableWebhookEndpointInput,
  WEBHOOK_ENDPOINTS_TAG as tags,
  UpdateWebhookEndpointInput,
  WebhookDelivery,
  WebhookDeliveryFilters,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '../../../shared/domain/webhook-endpoints/index.js';
import { IdOf, StringEnum } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope, NoContent, OPTIONAL_BODY } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const IdParams = Type.Object({ id: IdOf('The webhook endpoint') });
const EndpointEnvelope = Envelope(WebhookEndpoint, 'The endpoint');
const SIGNED =
  'Each delivery is a POST of `{ id, type, occurredAt, data }` (the event, as GET /events lists it) with the Standard Webhooks headers `webhook-id` (the event id: deduplicate by it), `webhook-timestamp` and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret, its base64 part decoded). A 2xx answer within 10 s is a delivery; anything else is tried again with exponential backoff for about a day.';

export const listWebhookEndpointsSchema = {
  operationId: 'listWebhookEndpoints',
  tags,
  summary: 'List webhook endpoints',
  description: 'The endpoints of your data scope (scope insurer: its insurer’s; agent: your own), newest first.',
  querystring: Type.Object(
    {
      ...PageQuery,
      q: SearchQuery('URL or description'),
      status: Type.Optional(StringEnum(['enabled', 'disabled'] as const)),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(WebhookEndpoint), ...ERROR_RESPONSES },
};

export const createWebhookEndpointSchema = {
  operationId: 'createWebhookEndpoint',
  tags,
  summary: 'Register a webhook endpoint',
  description: `Registers a URL to receive the event types given, for the records of your data scope (as your scope is at each delivery; agents’ endpoints only their own records). Answers the signing secret once; the answer is never replayed for an Idempotency-Key. ${SIGNED}`,
  body: CreateWebhookEndpointInput,
  response: { 201: Envelope(WebhookEndpointWithSecret, 'The endpoint, with its secret'), ...ERROR_RESPONSES },
};

export const getWebhookEndpointSchema = {
  operationId: 'getWebhookEndpoint',
  tags,
  summary: 'Get a webhook endpoint',
  description: 'One endpoint of your data scope, without its secret; 404 for any other.',
  params: IdParams,
  response: { 200: EndpointEnvelope, ...ERROR_RESPONSES },
};

export const updateWebhookEndpointSchema = {
  operationId: 'updateWebhookEndpoint',
  tags,
  summary: 'Change a webhook endpoint',
  description: 'Changes its URL (checked again), event types or description: at least one.',
  params: IdParams,
  body: UpdateWebhookEndpointInput,
  response: { 200: EndpointEnvelope, ...ERROR_RESPONSES },
};

export const disableWebhookEndpointSchema = {
  operationId: 'disableWebhookEndpoint',
  tags,
  params: IdParams,
  description:
    'Nothing more is sent to it, and deliveries waiting for a retry are cancelled, until it is enabled. The service disables an endpoint itself when every delivery to it has failed for three days (with an audit entry).',
  body: DisableWebhookEndpointInput,
  ...OPTIONAL_BODY,
  response: { 200: EndpointEnvelope, ...ERROR_RESPONSES },
};

export const enableWebhookEndpointSchema = {
  operationId: 'enableWebhookEndpoint',
  tags,
  params: IdParams,
  description: 'Events from now on are delivered again (those that happened while it was disabled are not).',
  response: { 200: EndpointEnvelope, ...ERROR_RESPONSES },
};

export const rotateWebhookEndpointSecretSchema = {
  operationId: 'rotateWebhookEndpointSecret',
  tags,
  summary: "Rotate a webhook endpoint's secret",
  description:
    'Answers a new secret, shown once. Until `previousSecretExpiresAt` (a day by default) each delivery carries two signatures, one per secret, so your receiver can switch over without refusing one.',
  params: IdParams,
  response: { 200: Envelope(WebhookEndpointWithSecret, 'The endpoint, with its new secret'), ...ERROR_RESPONSES },
};

export const deleteWebhookEndpointSchema = {
  operationId: 'deleteWebhookEndpoint',
  tags,
  summary: 'Delete a webhook endpoint',
  description: 'Deletes the endpoint and its delivery log; nothing more is sent to it.',
  params: IdParams,
  response: { 204: NoContent('Deleted'), ...ERROR_RESPONSES },
};

export const listWebhookDeliveriesSchema = {
  operationId: 'listWebhookDeliveries',
  tags,
  summary: "List a webhook endpoint's deliveries",
  description:
    'Every event sent or to be sent to the endpoint, newest first, each with every attempt: response code, duration, error, and when it is tried next.',
  params: IdParams,
  querystring: Type.Object({ ...PageQuery, ...WebhookDeliveryFilters.properties }, { additionalProperties: false }),
  response: { 200: ListEnvelope(WebhookDelivery), ...ERROR_RESPONSES },
};

export const redeliverWebhookSchema = {
  operationId: 'redeliverWebhook',
  tags,
  summary: 'Send a delivery again',
  description:
    'Sends the event to the endpoint again at once, whatever became of it before (with the same webhook-id), and records the attempt; it is retried like a new delivery if it fails. Answers the delivery as it stands, 202: the try runs in the background.',
  params: Type.Object({ id: IdOf('The webhook endpoint'), deliveryId: IdOf('The delivery') }),
  response: { 202: Envelope(WebhookDelivery, 'The delivery, to be sent again'), ...ERROR_RESPONSES },
};
