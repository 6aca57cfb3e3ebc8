import { type InferResult, sql } from 'kysely';
import { db, iso, isoOrNull, type Source } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { NotFoundError } from '../../kernel/errors.js';
import { produce } from '../../kernel/jobs.js';
import { defineList, listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import type { DeliveryStatus } from './webhook-endpoint.entity.js';
import type { WebhookDeliveryView } from './webhook-endpoint.schemas.js';
import { DELIVER_WEBHOOK } from './webhook-endpoints.jobs.js';
import { getWebhookEndpoint, lockEndpoint } from './webhook-endpoints.service.js';

function deliveryRows(em: Source) {
  return db(em)
    .selectFrom('webhook_deliveries as d')
    .innerJoin('published_events as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.endpoint_id', 'd.event_id', 'e.type', 'd.status', 'd.last_response_code', 'd.last_duration_ms'])
    .select(['d.last_error', 'd.next_retry_at', 'd.delivered_at', 'd.created_at', 'd.updated_at'])
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('webhook_delivery_attempts as a')
            .whereRef('a.delivery_id', '=', 'd.id')
            .select(
              sql<WebhookDeliveryView['attempts']>`json_agg(json_build_object(
                'attempt', a.attempt, 'responseCode', a.response_code, 'durationMs', a.duration_ms,
                'error', a.error, 'attemptedAt', to_char(a.attempted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
              ) order by a.attempt, a.attempted_at)`.as('attempts'),
            ),
          sql<WebhookDeliveryView['attempts']>`'[]'::json`,
        )
        .as('attempts'),
    );
}
type DeliveryRow = InferResult<ReturnType<typeof deliveryRows>>[number];

export const toDeliveryView = (r: DeliveryRow): WebhookDeliveryView => ({
  id: r.id,
  eventId: r.event_id,
  eventType: r.type,
  status: r.status,
  attempts: r.attempts,
  responseCode: r.last_response_code,
  durationMs: r.last_duration_ms,
  error: r.last_error,
  nextRetryAt: isoOrNull(r.next_retry_at),
  deliveredAt: isoOrNull(r.delivered_at),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** GET /webhook-endpoints/{id}/deliveries: newest first, each with every attempt. */
export const WEBHOOK_DELIVERY_LIST = defineList({
  name: 'webhook-deliveries',
  rows: deliveryRows,
  sortable: ['createdAt'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({ createdAt: eb.ref('d.created_at'), id: eb.ref('d.id') }),
  changedAt: (eb) => eb.ref('d.updated_at'),
  // The endpoint's own scope is checked first (404 out of it); its deliveries are all its owner's.
  scope: 'none',
  filters: {
    endpointId: (eb, id: string) => eb('d.endpoint_id', '=', id),
    status: (eb, status: DeliveryStatus) => eb('d.status', '=', status),
  } as const,
});

export async function listWebhookDeliveries(
  deps: ServiceDeps,
  act: UserAct,
  { id, page, ...filters }: { id: string; status?: DeliveryStatus; updatedSince?: string; page: Keyset<'createdAt'> },
): Promise<Page<DeliveryRow>> {
  await getWebhookEndpoint(deps, act, { id });
  return listPage(WEBHOOK_DELIVERY_LIST, readSide(deps, act), act.caller.scope, {
    filters: { ...filters, endpointId: id },
    page,
  });
}

/**
 * Sends a delivery again, whatever became of it: tried again at once (with the same webhook-id, so a
 * receiver that has it already ignores it) and recorded like every other try; a disabled endpoint's
 * delivery is cancelled instead.
 */
export async function redeliverWebhook(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; deliveryId: string },
): Promise<WebhookDeliveryView> {
  return deps.uow.run(act, async (tx) => {
    const endpoint = await lockEndpoint(tx, act, input.id);
    const delivery = await db(tx)
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_retry_at: null })
      .where('id', '=', input.deliveryId)
      .where('endpoint_id', '=', endpoint.id)
      .returning('id')
      .executeTakeFirst();
    if (!delivery) throw new NotFoundError('No such delivery of this endpoint');
    const row = await deliveryRows(tx).where('d.id', '=', input.deliveryId).executeTakeFirstOrThrow();
    return {
      result: toDeliveryView(row),
      audit: {
        action: 'webhook_endpoint.redeliver',
        subjectType: 'webhook_endpoint',
        subjectId: endpoint.id,
        summary: { deliveryId: input.deliveryId, eventId: row.event_id },
      },
      // A job of its own through the outbox (the delivery's first job may still be kept as failed).
      jobs: [produce(DELIVER_WEBHOOK, { deliveryId: input.deliveryId })],
    };
  });
}
