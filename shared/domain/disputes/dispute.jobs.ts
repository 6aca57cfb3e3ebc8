import { jobType, NoPayload } from '../../kernel/jobs.js';

// Hourly: a dispute past its deadline is escalated within the hour.
export const ESCALATE_DISPUTES = jobType({
  queue: 'disputes',
  name: 'escalate-overdue',
  payload: NoPayload,
  does: 'escalates open and triaged disputes past their response deadline',
  schedule: { id: 'escalate-disputes', pattern: '10 * * * *' },
});

// Closing after 14 days needs no more than a daily pass.
export const CLOSE_DISPUTES = jobType({
  queue: 'disputes',
  name: 'close-ended',
  payload: NoPayload,
  does: 'closes upheld, rejected and withdrawn disputes DISPUTE_CLOSE_AFTER_DAYS after they ended',
  schedule: { id: 'close-disputes', pattern: '50 1 * * *' },
});
