import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

export const REGISTRY_EVENT_STATUSES = ['queued', 'processed', 'ignored', 'failed'] as const;
export type RegistryEventStatus = (typeof REGISTRY_EVENT_STATUSES)[number];

export const RegistryEvent = defineEntity({
  name: 'RegistryEvent',
  tableName: 'registry_events',
  properties: (p) => ({
    eventId: p.text().primary(),
    type: p.text(),
    occurredAt: p.datetime(),
    payload: p.json<Record<string, unknown>>(),
    status: p.text().$type<RegistryEventStatus>(),
    failureReason: p.text().nullable(),
    attempts: p.integer().defaultRaw('0'),
    requestId: p.text().nullable(),
    receivedAt: p.datetime().defaultRaw('now()'),
    processedAt: p.datetime().nullable(),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof RegistryEvent> {}
}
