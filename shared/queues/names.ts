/** Every BullMQ queue of the service (CONTRACT section 13), each visible in Bull Board. */
export const QUEUE_NAMES = ['webhooks', 'mail', 'audit', 'renewals', 'quotations', 'policies', 'disputes', 'maintenance'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Job names per queue. Payloads carry ids, never personal data or secrets. */
export const JOBS = {
  webhooks: { registryEvent: 'registry-event' },
  mail: { send: 'send' },
  audit: { chain: 'chain' },
  renewals: { generateDue: 'generate-due', lapseSweep: 'lapse-sweep' },
  quotations: { expireSweep: 'expire-sweep' },
  policies: { expirySweep: 'expiry-sweep' },
  disputes: { deadlineSweep: 'deadline-sweep', closeSweep: 'close-sweep' },
  maintenance: { purgeIdempotency: 'purge-idempotency', cleanOutbox: 'clean-outbox' },
} as const satisfies Record<QueueName, Record<string, string>>;
