import type { Config } from '../shared/config/index.js';
import { catalogue, checkJob, type JobKey } from '../shared/jobs/catalogue.js';
import { KEPT_COMPLETED, type QueueSet } from '../shared/kernel/queue-set.js';

/** A recurring job: an interval in ms or a cron pattern (UTC). */
export interface Schedule {
  id: string;
  job: JobKey;
  queue: string;
  name: string;
  payload: Record<string, never>;
  every?: number;
  pattern?: string;
  /** The setting that sets `every`, for docs/operations.md. */
  setting?: keyof Config;
}

/** Recurring work: every job whose domain gives it a schedule. */
export function schedules(config: Config): Schedule[] {
  return catalogue.definitions.flatMap(({ queue, name, schedule }) =>
    schedule
      ? [
          {
            id: schedule.id,
            job: `${queue}.${name}` as JobKey,
            queue,
            name,
            payload: {},
            every: schedule.every?.(config),
            pattern: schedule.pattern,
            setting: schedule.setting,
          },
        ]
      : [],
  );
}

/** upsertJobScheduler keeps exactly one schedule per id, whatever the number of workers. */
export async function registerSchedulers(queues: QueueSet, config: Config): Promise<void> {
  for (const s of schedules(config)) {
    // Refused before it reaches Redis: a schedule would otherwise produce failing jobs forever.
    checkJob(s.queue, s.name, s.payload);
    await queues.get(s.queue).upsertJobScheduler(
      s.id,
      s.every ? { every: s.every } : { pattern: s.pattern, tz: 'UTC' },
      // Scheduled runs are kept as any job is (the last 1,000 per queue, 7 days); the last 100 failures too.
      {
        name: s.name,
        data: s.payload,
        opts: {
          attempts: 3,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: KEPT_COMPLETED,
          removeOnFail: 100,
        },
      },
    );
  }
}
