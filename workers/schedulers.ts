import type { Config } from '../shared/config/index.js';
import { JOBS, type QueueName } from '../shared/queues/names.js';
import type { QueueSet } from '../shared/queues/queue-set.js';

interface Schedule { queue: QueueName; id: string; name: string; every?: number; pattern?: string }

/** Recurring work. upsertJobScheduler keeps exactly one schedule per id, whatever the number of workers. */
export function schedules(config: Config): Schedule[] {
  return [
    { queue: 'audit', id: 'audit-chain', name: JOBS.audit.chain, every: config.AUDIT_CHAIN_EVERY_MS },
    { queue: 'maintenance', id: 'purge-idempotency', name: JOBS.maintenance.purgeIdempotency, every: 3600_000 },
    { queue: 'maintenance', id: 'clean-outbox', name: JOBS.maintenance.cleanOutbox, pattern: '17 3 * * *' },
  ];
}

export async function registerSchedulers(queues: QueueSet, config: Config): Promise<void> {
  for (const s of schedules(config)) {
    await queues.get(s.queue).upsertJobScheduler(
      s.id,
      s.every ? { every: s.every } : { pattern: s.pattern, tz: 'UTC' },
      // Scheduled runs leave nothing behind when they succeed; failures stay for inspection.
      { name: s.name, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: 100 } },
    );
  }
}
