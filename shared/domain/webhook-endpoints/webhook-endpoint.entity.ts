import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

export const ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * An integrator's endpoint: the URL events are delivered to, the types it takes, and its signing
 * secret, sealed (the service signs with it, so it cannot be a hash). It hears of the records in the
 * data scope of the user or client that created it (`createdBy`), as that one's scope is now.
 */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: (p) => ({
    id: p.uuid().primary(),
    url: p.text(),
    description: p.text().nullable(),
    events: p.array().columnType('text[]'),
    status: p.text().$type<EndpointStatus>().defaultRaw(`'enabled'`),
    statusReason: p.text().nullable(),
    secretSealed: p.text().hidden(),
    previousSecretSealed: p.text().nullable().hidden(),
    previousSecretExpiresAt: p.datetime().nullable(),
    insurerId: p.text().nullable(),
    failingSince: p.datetime().nullable(),
    createdBy: p.uuid(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
    disabledBy: p.text().nullable(),
    disabledAt: p.datetime().nullable(),
    version: p.integer().version().defaultRaw('1'),
  }),
});

/** One event for one endpoint: sent until delivered, retried with backoff, or failed for good. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: (p) => ({
    id: p.uuid().primary(),
    endpointId: p.uuid(),
    eventId: p.uuid(),
    status: p.text().$type<DeliveryStatus>().defaultRaw(`'pending'`),
    attempts: p.integer().defaultRaw('0'),
    lastResponseCode: p.integer().nullable(),
    lastDurationMs: p.integer().nullable(),
    lastError: p.text().nullable(),
    lastAttemptAt: p.datetime().nullable(),
    nextRetryAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    enqueuedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  }),
});

/** One try of a delivery: what the receiver answered, how long it took, or why it could not be sent. */
export const WebhookDeliveryAttempt = defineEntity({
  name: 'WebhookDeliveryAttempt',
  tableName: 'webhook_delivery_attempts',
  properties: (p) => ({
    id: p.uuid().primary(),
    deliveryId: p.uuid(),
    attempt: p.integer(),
    responseCode: p.integer().nullable(),
    durationMs: p.integer(),
    error: p.text().nullable(),
    attemptedAt: p.datetime().defaultRaw('now()'),
  }),
});

/** Where the dispatcher stands in the event feed: every event up to it has its deliveries. */
export const WebhookDispatchHead = defineEntity({
  name: 'WebhookDispatchHead',
  tableName: 'webhook_dispatch_head',
  properties: (p) => ({
    id: p.boolean().primary().defaultRaw('true'),
    lastTxId: p.string().columnType('xid8').defaultRaw(`'0'`),
    lastSeq: p.bigint('string').defaultRaw('0'),
  }),
});

declare module '../../db/database.js' {
  interface Tables
    extends TablesOf<
      typeof WebhookEndpoint | typeof WebhookDelivery | typeof WebhookDeliveryAttempt | typeof WebhookDispatchHead
    > {}
}
