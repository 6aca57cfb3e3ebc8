import type { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from 'bullmq';
import { sql } from 'kysely';
import { Counter, type Registry } from 'prom-client';
import { db } from '../../db/database.js';
import type { Act } from '../../kernel/act.js';
import type { JobDeps } from '../../kernel/deps.js';
import { uuidv7 } from '../../kernel/ids.js';
import type { AuditInput } from '../../kernel/unit-of-work.js';
import { signWithEach } from '../registry/index.js';
import { type SendResult, sendWebhook } from './send.js';
import { WEBHOOK_ENDPOINT_WORKFLOW } from './webhook-endpoint.workflow.js';
import { allowsPrivateUrls } from './webhook-endpoints.service.js';

const counters = new WeakMap<Registry, Counter<'outcome'>>();

/** `backoffice_webhook_deliveries_total{outcome}` in the worker's /metrics: delivered, retrying, failed. */
function countDelivery(registry: Registry | undefined, outcome: DeliveryOutcome): void {
  if (!registry) return;
  let counter = counters.get(registry);
  if (!counter) {
    counter = new Counter({
      name: 'backoffice_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome: delivered, retrying (failed, tried again later), failed (no try left)',
      labelNames: ['outcome'],
      registers: [registry],
    });
    counters.set(registry, counter);
  }
  counter.labels(outcome).inc();
}

/** An endpoint whose deliveries have failed this long, without one success, is disabled. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3600 * 1000;

/** A delivery that failed, to be tried again by BullMQ's backoff. */
export class DeliveryFailedError extends Error {
  override name = 'DeliveryFailedError';
}

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'skipped';

/** When the job's next try runs, as BullMQ's exponential backoff computes it (attempt n waits delay * 2^(n-1)). */
function nextTryAt(job: Job, now: Date): Date | null {
  const attempts = job.opts.attempts ?? 1;
  if (job.attemptsMade + 1 >= attempts) return null;
  const backoff = job.opts.backoff;
  const delay = typeof backoff === 'number' ? backoff : (backoff?.delay ?? 0);
  return new Date(now.getTime() + delay * 2 ** job.attemptsMade);
}

/**
 * One try of one delivery: the event as `{ id, type, occurredAt, data }`, signed as Standard Webhooks
 * (`webhook-id` is the event id, the same at every try, so a receiver deduplicates by it) with the
 * endpoint's secret and, during a rotation, its previous one. The URL is checked again after DNS
 * (url-guard.ts). The attempt is recorded; a failure with tries left throws, so BullMQ tries again.
 */
export async function deliverWebhook(deps: JobDeps, act: Act, deliveryId: string, job: Job): Promise<DeliveryOutcome> {
  const row = await db(deps.orm.em.fork())
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .innerJoin('published_events as e', 'e.id', 'd.event_id')
    .select(['d.status', 'd.attempts', 'w.id as endpoint_id', 'w.url', 'w.status as endpoint_status'])
    .select(['w.secret_sealed', 'w.previous_secret_sealed', 'w.previous_secret_expires_at'])
    .select(['e.id as event_id', 'e.type', 'e.occurred_at', 'e.data'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (row?.status !== 'pending') return 'skipped';
  if (row.endpoint_status !== 'enabled') {
    await db(deps.orm.em.fork())
      .updateTable('webhook_deliveries')
      .set({ status: 'cancelled', next_retry_at: null })
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .execute();
    return 'skipped';
  }
  const now = deps.clock.now();
  const secrets = [deps.webhookSecrets.open(row.secret_sealed)];
  if (row.previous_secret_sealed && row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > now)
    secrets.push(deps.webhookSecrets.open(row.previous_secret_sealed));
  const body = JSON.stringify({
    id: row.event_id,
    type: row.type,
    occurredAt: new Date(row.occurred_at).toISOString(),
    data: row.data,
  });
  const timestamp = Math.floor(now.getTime() / 1000);
  const sent = await sendWebhook(
    { url: row.url },
    {
      body,
      headers: {
        'webhook-id': row.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWithEach(secrets, row.event_id, timestamp, body),
      },
    },
    { allowPrivate: allowsPrivateUrls(deps), timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS },
  );
  const retryAt = sent.ok ? null : nextTryAt(job, now);
  const outcome: DeliveryOutcome = sent.ok ? 'delivered' : retryAt ? 'retrying' : 'failed';
  await record(deps, act, {
    deliveryId,
    endpointId: row.endpoint_id,
    attempt: row.attempts + 1,
    sent,
    outcome,
    retryAt,
  });
  countDelivery(deps.metrics, outcome);
  if (outcome === 'retrying') throw new DeliveryFailedError(`delivery ${deliveryId} failed: ${sent.error}`);
  return outcome;
}

/** The attempt, the delivery's state, and the endpoint's failure clock: disabled (and audited) past three days. */
async function record(
  deps: JobDeps,
  act: Act,
  r: {
    deliveryId: string;
    endpointId: string;
    attempt: number;
    sent: SendResult;
    outcome: DeliveryOutcome;
    retryAt: Date | null;
  },
): Promise<void> {
  await deps.uow.run(act, async (tx) => {
    // The endpoint first, as a user's change or delete locks it before its deliveries: never a deadlock.
    const audit = await trackFailures(deps, act, tx, r.endpointId, r.sent);
    if (!audit) return { result: undefined, audit: [] }; // deleted meanwhile, its deliveries with it
    await db(tx)
      .insertInto('webhook_delivery_attempts')
      .values({
        id: uuidv7(),
        delivery_id: r.deliveryId,
        attempt: r.attempt,
        response_code: r.sent.status,
        duration_ms: Math.round(r.sent.durationMs),
        error: r.sent.error,
      })
      .execute();
    await db(tx)
      .updateTable('webhook_deliveries')
      .set({
        status: r.outcome === 'delivered' ? 'delivered' : r.outcome === 'failed' ? 'failed' : 'pending',
        attempts: r.attempt,
        last_response_code: r.sent.status,
        last_duration_ms: Math.round(r.sent.durationMs),
        last_error: r.sent.error,
        last_attempt_at: sql<Date>`now()`,
        next_retry_at: r.retryAt,
        delivered_at: r.sent.ok ? sql<Date>`now()` : null,
      })
      .where('id', '=', r.deliveryId)
      .execute();
    return { result: undefined, audit };
  });
}

/**
 * A success stops the endpoint's failure clock; a failure starts it, and past three days disables the
 * endpoint with an audit entry. Undefined when the endpoint is gone.
 */
async function trackFailures(
  deps: JobDeps,
  act: Act,
  tx: EntityManager,
  endpointId: string,
  sent: SendResult,
): Promise<AuditInput[] | undefined> {
  const endpoint = await db(tx)
    .updateTable('webhook_endpoints')
    .set({ failing_since: sent.ok ? null : sql<Date>`coalesce(failing_since, now())` })
    .where('id', '=', endpointId)
    .returning(['failing_since', 'status'])
    .executeTakeFirst();
  if (!endpoint) return undefined;
  if (sent.ok || endpoint.status !== 'enabled' || !endpoint.failing_since) return [];
  const since = new Date(endpoint.failing_since).getTime();
  if (deps.clock.now().getTime() - since < GIVE_UP_AFTER_MS) return [];
  await db(tx)
    .updateTable('webhook_endpoints')
    .set({
      status: 'disabled',
      status_reason: 'every delivery failed for three days',
      disabled_by: act.actor,
      disabled_at: sql<Date>`now()`,
    })
    .where('id', '=', endpointId)
    .execute();
  return [
    {
      action: WEBHOOK_ENDPOINT_WORKFLOW.steps.giveUp.audit,
      subjectType: 'webhook_endpoint',
      subjectId: endpointId,
      summary: { from: 'enabled', to: 'disabled', failingSince: new Date(since).toISOString(), lastError: sent.error },
    },
  ];
}
