import { Type } from 'typebox';
import { JobPayload, jobType } from '../../kernel/jobs.js';
import { Traceparent } from '../../kernel/trace.js';

/** The registry's own event id, as the webhook accepts it. */
const RegistryEventId = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' });
/** A request id (the service's own) or a client's correlation id, as the API accepts and makes them. */
const RequestRef = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' });
/** A registry delivery as a job names it: the event, the request id that delivered it and the sender's correlation id. */
const RegistryDelivery = JobPayload({
  eventId: RegistryEventId,
  requestId: Type.Optional(RequestRef),
  correlationId: Type.Optional(RequestRef),
  traceparent: Type.Optional(Traceparent),
});

/** The most registry deliveries the API commits, and queues as one job, at once. */
export const REGISTRY_BATCH_MAX = 256;

export const APPLY_REGISTRY_EVENTS = jobType({
  queue: 'webhooks',
  name: 'registry-events',
  // Each delivery's request id (X-Request-Id form) goes into the worker's audit entries for it.
  payload: JobPayload({ events: Type.Array(RegistryDelivery, { minItems: 1, maxItems: REGISTRY_BATCH_MAX }) }),
  // Commits waiting together in the outbox become one job: a job's cost is mostly its fixed round trips.
  merge: { field: 'events', max: REGISTRY_BATCH_MAX },
  does: 'applies the registry events of one commit (or of several, merged by the outbox relay up to 256) to their users; an event that fails is queued alone as `registry-event`',
});

export const APPLY_REGISTRY_EVENT = jobType({
  queue: 'webhooks',
  name: 'registry-event',
  payload: RegistryDelivery,
  does: 'applies one registry event to its user, retried with backoff while its user cannot be found',
  producedBy: 'from the outbox, by `registry-events` for an event that failed there',
});
