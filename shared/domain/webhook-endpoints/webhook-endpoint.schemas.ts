import { type Static, Type } from 'typebox';
import { component, Int32, Nullable, PlainText, StringEnum, Timestamp, tag, Uuid } from '../../kernel/schema.js';
import { DELIVERY_STATUSES, ENDPOINT_STATUSES } from './webhook-endpoint.entity.js';

export const WEBHOOK_ENDPOINTS_TAG = tag(
  'webhook-endpoints',
  'Outbound webhooks: endpoints that receive the integration events of their owner’s data scope, signed as Standard Webhooks, with every delivery attempt on record.',
);

/** A URL an endpoint is sent to: https, no user info (checked again, after DNS, at every delivery). */
const EndpointUrl = Type.String({
  minLength: 10,
  maxLength: 2000,
  description:
    'https only; never a private, loopback, link-local, CGNAT or cloud-metadata address (checked again after DNS at every delivery); no user info; redirects are not followed',
});

/** The event types an endpoint takes: at least one, each a published type (checked against the catalogue). */
const EventTypes = Type.Array(Type.String({ pattern: '^[a-z_]+\\.[a-z_]+$', maxLength: 64 }), {
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  description: 'The event types it receives (see GET /events)',
});

const EndpointFields = Type.Object(
  {
    id: Uuid,
    url: Type.String({ maxLength: 2000 }),
    description: Nullable(Type.String({ maxLength: 4000 })),
    events: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 }),
    status: StringEnum(ENDPOINT_STATUSES),
    statusReason: Nullable(Type.String({ maxLength: 1000, description: 'Why it is disabled' })),
    insurerId: Nullable(
      Type.String({ maxLength: 64, description: 'The insurer of the user or client that created it' }),
    ),
    failingSince: Nullable(Timestamp),
    previousSecretExpiresAt: Nullable(Timestamp),
    createdBy: Type.String({ maxLength: 64, description: 'The user or client whose data scope the endpoint hears of' }),
    createdAt: Timestamp,
    disabledBy: Nullable(Type.String({ maxLength: 64 })),
    disabledAt: Nullable(Timestamp),
    updatedAt: Timestamp,
  },
  { description: 'A webhook endpoint; never its secret' },
);
export const WebhookEndpoint = component('WebhookEndpoint', EndpointFields);
export type WebhookEndpointView = Static<typeof WebhookEndpoint>;

export const WebhookEndpointWithSecret = component(
  'WebhookEndpointWithSecret',
  Type.Object({
    ...EndpointFields.properties,
    secret: Type.String({
      maxLength: 128,
      description: 'The signing secret (whsec_ and base64): shown once, here. Verify webhook-signature with it.',
    }),
  }),
);
export type WebhookEndpointWithSecretView = Static<typeof WebhookEndpointWithSecret>;

export const CreateWebhookEndpointInput = Type.Object(
  { url: EndpointUrl, events: EventTypes, description: Type.Optional(PlainText(500)) },
  { additionalProperties: false },
);
export type CreateWebhookEndpointInput = Static<typeof CreateWebhookEndpointInput>;

export const UpdateWebhookEndpointInput = Type.Object(
  {
    url: Type.Optional(EndpointUrl),
    events: Type.Optional(EventTypes),
    description: Type.Optional(Nullable(PlainText(500))),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateWebhookEndpointInput = Static<typeof UpdateWebhookEndpointInput>;

export const DisableWebhookEndpointInput = Type.Object(
  { reason: Type.Optional(PlainText(500)) },
  { additionalProperties: false },
);

const Attempt = Type.Object({
  attempt: Int32(),
  responseCode: Nullable(Int32({ minimum: 100, maximum: 599 })),
  durationMs: Int32(),
  error: Nullable(Type.String({ maxLength: 2000 })),
  attemptedAt: Timestamp,
});

export const WebhookDelivery = component(
  'WebhookDelivery',
  Type.Object(
    {
      id: Uuid,
      eventId: Type.String({
        maxLength: 64,
        description: 'The event, also the webhook-id the receiver deduplicates by',
      }),
      eventType: Type.String({ maxLength: 64 }),
      status: StringEnum(DELIVERY_STATUSES, {
        description: 'pending: not yet delivered (nextRetryAt says when it is tried again); failed: every retry failed',
      }),
      attempts: Type.Array(Attempt, {
        maxItems: 15,
        description: 'Every attempt, oldest first (15 at most: DELIVERY_RETRIES)',
      }),
      responseCode: Nullable(Int32({ minimum: 100, maximum: 599, description: 'The last attempt’s' })),
      durationMs: Nullable(Int32({ description: 'The last attempt’s' })),
      error: Nullable(Type.String({ maxLength: 2000, description: 'The last attempt’s' })),
      nextRetryAt: Nullable(Timestamp),
      deliveredAt: Nullable(Timestamp),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'One event sent to one endpoint, with every attempt' },
  ),
);
export type WebhookDeliveryView = Static<typeof WebhookDelivery>;

export const WebhookDeliveryFilters = Type.Object({
  status: Type.Optional(StringEnum(DELIVERY_STATUSES, { description: 'Only deliveries in this status' })),
});
export type WebhookDeliveryFilters = Static<typeof WebhookDeliveryFilters>;
