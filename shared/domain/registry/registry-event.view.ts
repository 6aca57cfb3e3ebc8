import type { InferResult } from 'kysely';
import { db, iso, isoOrNull, type Source } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { NotFoundError } from '../../kernel/errors.js';
import { defineList, listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import type { RegistryEventFilters, RegistryEventRecordView } from './registry.schemas.js';
import type { RegistryEventStatus } from './registry-event.entity.js';

const eventRows = (em: Source) =>
  db(em)
    .selectFrom('registry_events as e')
    .select([
      'e.event_id',
      'e.type',
      'e.status',
      'e.attempts',
      'e.failure_reason',
      'e.request_id',
      'e.occurred_at',
      'e.received_at',
      'e.processed_at',
    ]);
type EventRow = InferResult<ReturnType<typeof eventRows>>[number];

export const toRegistryEventRecord = (r: EventRow): RegistryEventRecordView => ({
  eventId: r.event_id,
  type: r.type,
  status: r.status,
  attempts: r.attempts,
  lastError: r.failure_reason,
  requestId: r.request_id,
  occurredAt: iso(r.occurred_at),
  receivedAt: iso(r.received_at),
  processedAt: isoOrNull(r.processed_at),
});

/**
 * GET /webhooks/registry/events: newest received first. Registry events belong to no agent or
 * insurer (the registry speaks of people, not of policies): `webhook:read` sees them all, and the
 * view leaves their payload out.
 */
export const REGISTRY_EVENT_LIST = defineList({
  name: 'registry events',
  rows: eventRows,
  sortable: ['receivedAt'] as const,
  defaultSort: '-receivedAt',
  sortKeys: (eb) => ({ receivedAt: eb.ref('e.received_at'), id: eb.ref('e.event_id') }),
  // Received, then processed (a failed attempt clears processed_at until the event is applied).
  changedAt: (eb) => eb.fn.coalesce('e.processed_at', 'e.received_at'),
  scope: 'none',
  filters: {
    status: (eb, status: RegistryEventStatus) => eb('e.status', '=', status),
    type: (eb, type: string) => eb('e.type', '=', type),
  } as const,
});

export const listRegistryEvents = (
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: RegistryEventFilters; page: Keyset<'receivedAt'> },
): Promise<Page<EventRow>> => listPage(REGISTRY_EVENT_LIST, readSide(deps, act), act.caller.scope, input);

export async function getRegistryEvent(
  deps: ServiceDeps,
  _act: UserAct,
  input: { eventId: string },
): Promise<RegistryEventRecordView> {
  const row = await eventRows(deps.orm.em.fork()).where('e.event_id', '=', input.eventId).executeTakeFirst();
  if (!row) throw new NotFoundError('No such registry event');
  return toRegistryEventRecord(row);
}
