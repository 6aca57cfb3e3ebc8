import { Type } from 'typebox';
import { JobPayload, jobType, NoPayload } from '../../kernel/jobs.js';
import { DEFAULT_JOB_OPTIONS } from '../../kernel/queue-set.js';

/** Turns new events into deliveries: on a queue of its own, so deliveries waiting on slow receivers never hold it up. */
export const DISPATCH_WEBHOOKS = jobType({
  queue: 'events',
  name: 'dispatch',
  payload: NoPayload,
  does: 'turns committed integration events into one webhook delivery per endpoint that takes them, and queues them',
  schedule: {
    id: 'webhook-dispatch',
    every: (config) => config.WEBHOOK_DISPATCH_EVERY_MS,
    setting: 'WEBHOOK_DISPATCH_EVERY_MS',
  },
});

export const DELIVER_WEBHOOK = jobType({
  queue: 'deliveries',
  name: 'deliver',
  payload: JobPayload({ deliveryId: Type.String({ format: 'uuid' }) }),
  does: 'sends one event to one endpoint, signed (Standard Webhooks), and records the attempt',
  producedBy: 'the events.dispatch job, and POST /webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver',
});

/**
 * A delivery is tried 15 times, 5 s after the first failure and then twice as long each time: the
 * last try is about 23 hours after the first, "about a day" of retries.
 */
export const DELIVERY_RETRIES = {
  ...DEFAULT_JOB_OPTIONS,
  attempts: 15,
  backoff: { type: 'exponential' as const, delay: 5000 },
};
