/** The identity registry: its signed webhook deliveries, their intake and the jobs applying them to users' KYC. */

import { webhookAct } from '../../kernel/act.js';
import { defineJob } from '../../kernel/jobs.js';
import { defineDomain } from '../../kernel/manifest.js';
import { traceOf } from '../../kernel/trace.js';
import { APPLY_REGISTRY_EVENT, APPLY_REGISTRY_EVENTS } from './registry.jobs.js';
import { REGISTRY_PERMISSIONS } from './registry.permissions.js';
import { RegistryEvent as RegistryEventEntity } from './registry-event.entity.js';
import { processRegistryEvent, processRegistryEvents } from './registry-events.js';

export { REGISTRY_BATCH_MAX } from './registry.jobs.js';
export {
  EventId,
  type ReceivedEvent,
  RegistryEvent,
  RegistryEventFilters,
  RegistryEventReceipt,
  RegistryEventRecord,
  WEBHOOKS_TAG,
} from './registry.schemas.js';
export {
  getRegistryEvent,
  listRegistryEvents,
  REGISTRY_EVENT_LIST,
  toRegistryEventRecord,
} from './registry-event.view.js';
export { processRegistryEvent, processRegistryEvents } from './registry-events.js';
export { RegistryIntake } from './registry-intake.js';
export { signWebhook, signWithEach, verifyWebhookSignature } from './signature.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const registryDomain = defineDomain({
  name: 'registry',
  entities: [RegistryEventEntity],
  permissions: REGISTRY_PERMISSIONS,
  jobs: [
    defineJob(APPLY_REGISTRY_EVENTS, {
      process: (deps, { events }, job) =>
        processRegistryEvents(deps, webhookAct(), { events, attempt: job.attemptsMade + 1 }),
      // One job for the deliveries of many requests: its span links to each of their traces.
      linksOf: ({ events }) => events.map((e) => e.traceparent),
    }),
    defineJob(APPLY_REGISTRY_EVENT, {
      process: (deps, { eventId, requestId, correlationId, traceparent }, job) =>
        processRegistryEvent(deps, webhookAct(requestId, correlationId, traceparent), {
          eventId,
          attempt: job.attemptsMade + 1,
        }),
      // Queued alone, a delivery names the request that delivered it.
      causeOf: ({ requestId, correlationId, traceparent }) => traceOf({ requestId, correlationId, traceparent }),
    }),
  ],
});
