import type { Config } from '../shared/config/index.js';
import { checkJob, type JobKey, type JobPayload, job } from '../shared/jobs/catalogue.js';
import type { QueueSet } from '../shared/queues/queue-set.js';

/** A recurring job: an interval in ms or a cron pattern (UTC). */
export type Schedule = {
  [K in JobKey]: {
    id: string;
    job: K;
    payload: JobPayload<K>;
    every?: number;
    pattern?: string;
    /** The setting that sets `every`, for docs/operations.md. */
    setting?: keyof Config;
  };
}[JobKey];

/** Recurring work. upsertJobScheduler keeps exactly one schedule per id, whatever the number of workers. */
export function schedules(config: Config): Schedule[] {
  return [
    {
      id: 'audit-chain',
      job: 'audit.chain',
      payload: {},
      every: config.AUDIT_CHAIN_EVERY_MS,
      setting: 'AUDIT_CHAIN_EVERY_MS',
    },
    { id: 'purge-idempotency', job: 'maintenance.purge-idempotency', payload: {}, every: 3600_000 },
    { id: 'clean-outbox', job: 'maintenance.clean-outbox', payload: {}, pattern: '17 3 * * *' },
  ];
}

export async function registerSchedulers(queues: QueueSet, config: Config): Promise<void> {
  for (const s of schedules(config)) {
    const { queue, name, payload } = job(s.job, s.payload);
    // Refused before it reaches Redis: a schedule would otherwise produce failing jobs forever.
    checkJob(queue, name, payload);
    await queues.get(queue).upsertJobScheduler(
      s.id,
      s.every ? { every: s.every } : { pattern: s.pattern, tz: 'UTC' },
      // Scheduled runs leave nothing behind when they succeed; failures stay for inspection.
      {
        name,
        data: payload,
        opts: { attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: 100 },
      },
    );
  }
}
