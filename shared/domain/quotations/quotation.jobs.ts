import { jobType, NoPayload } from '../../kernel/jobs.js';

export const EXPIRE_QUOTATIONS_JOB = jobType({
  queue: 'quotations',
  name: 'expire',
  payload: NoPayload,
  does: 'expires quoted quotations whose validUntil day (UTC) has ended',
  schedule: {
    id: 'expire-quotations',
    every: (config) => config.QUOTATION_SWEEP_EVERY * 1000,
    setting: 'QUOTATION_SWEEP_EVERY',
  },
});
