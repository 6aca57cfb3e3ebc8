import type { Config } from '../shared/config/index.js';
import { checkJob, type JobKey, type JobPayload, job } from '../shared/jobs/catalogue.js';
import type { QueueSet } from '../shared/kernel/queue-set.js';

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
    { id: 'forget-sign-in-records', job: 'maintenance.forget-sign-in-records', payload: {}, pattern: '40 * * * *' },
    // Daily, early UTC: expire ended terms first, then generate the renewals now due, then lapse stale offers.
    { id: 'expire-policies', job: 'policies.expire', payload: {}, pattern: '5 0 * * *' },
    { id: 'generate-renewals', job: 'renewals.generate-due', payload: {}, pattern: '20 0 * * *' },
    { id: 'lapse-renewals', job: 'renewals.lapse-offers', payload: {}, pattern: '35 0 * * *' },
    {
      id: 'expire-quotations',
      job: 'quotations.expire',
      payload: {},
      every: config.QUOTATION_SWEEP_EVERY * 1000,
      setting: 'QUOTATION_SWEEP_EVERY',
    },
    // Hourly: a dispute past its deadline is escalated within the hour; closing after 14 days needs no more.
    { id: 'escalate-disputes', job: 'disputes.escalate-overdue', payload: {}, pattern: '10 * * * *' },
    { id: 'close-disputes', job: 'disputes.close-ended', payload: {}, pattern: '50 1 * * *' },
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
