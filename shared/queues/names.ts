/** Every BullMQ queue of the service, each visible in Bull Board. */
export const QUEUE_NAMES = [
  'webhooks',
  'mail',
  'audit',
  'renewals',
  'quotations',
  'policies',
  'disputes',
  'maintenance',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
// Job names and payloads are in the job catalogue, shared/jobs/catalogue.ts.
