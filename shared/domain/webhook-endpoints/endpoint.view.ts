import { type InferResult, sql } from 'kysely';
import { db, iso, isoOrNull, type Source } from '../../db/database.js';
import { defineList } from '../../kernel/list.js';
import type { EndpointStatus } from './webhook-endpoint.entity.js';
import type { WebhookEndpointView } from './webhook-endpoint.schemas.js';

export function endpointViews(em: Source) {
  return db(em)
    .selectFrom('webhook_endpoints as w')
    .select([
      'w.id',
      'w.url',
      'w.description',
      'w.events',
      'w.status',
      'w.status_reason',
      'w.insurer_id',
      'w.failing_since',
      'w.previous_secret_expires_at',
      'w.created_by',
      'w.created_at',
      'w.disabled_by',
      'w.disabled_at',
      'w.updated_at',
    ]);
}
type EndpointRow = InferResult<ReturnType<typeof endpointViews>>[number];

export const toEndpointView = (r: EndpointRow): WebhookEndpointView => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events as string[],
  status: r.status,
  statusReason: r.status_reason,
  insurerId: r.insurer_id,
  failingSince: isoOrNull(r.failing_since),
  previousSecretExpiresAt: isoOrNull(r.previous_secret_expires_at),
  createdBy: r.created_by,
  createdAt: iso(r.created_at),
  disabledBy: r.disabled_by,
  disabledAt: isoOrNull(r.disabled_at),
  updatedAt: iso(r.updated_at),
});

export async function loadEndpointView(em: Source, id: string): Promise<WebhookEndpointView> {
  const row = await endpointViews(em).where('w.id', '=', id).executeTakeFirstOrThrow();
  return toEndpointView(row);
}

/** Scope insurer sees its insurer's endpoints; scope agent those it created. */
export const ENDPOINT_SCOPE_COLUMNS = { agent: 'w.created_by', insurer: 'w.insurer_id' } as const;
export const ENDPOINT_SCOPE_FIELDS = { agent: 'createdBy', insurer: 'insurerId' };

/** GET /webhook-endpoints: newest first by default. */
export const WEBHOOK_ENDPOINT_LIST = defineList({
  name: 'webhook-endpoints',
  rows: endpointViews,
  sortable: ['createdAt', 'url'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({ createdAt: eb.ref('w.created_at'), url: eb.ref('w.url'), id: eb.ref('w.id') }),
  changedAt: (eb) => eb.ref('w.updated_at'),
  scope: ENDPOINT_SCOPE_COLUMNS,
  search: (eb) => sql<string>`lower(${eb.ref('w.url')} || ' ' || coalesce(${eb.ref('w.description')}, ''))`,
  filters: {
    status: (eb, status: EndpointStatus) => eb('w.status', '=', status),
  } as const,
});
