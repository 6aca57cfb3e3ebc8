import { jobType, NoPayload } from '../../kernel/jobs.js';

// Daily, early UTC: ended terms expire before the renewal sweep looks for what is due.
export const EXPIRE_POLICIES_JOB = jobType({
  queue: 'policies',
  name: 'expire',
  payload: NoPayload,
  does: 'expires active and reinstated policies whose term has ended',
  schedule: { id: 'expire-policies', pattern: '5 0 * * *' },
});

// Daily, after expiry: a policy whose premium is overdue past its grace period lapses.
export const LAPSE_POLICIES_JOB = jobType({
  queue: 'policies',
  name: 'lapse',
  payload: NoPayload,
  does: 'lapses active and reinstated policies with an instalment overdue longer than payments.gracePeriodDays',
  schedule: { id: 'lapse-policies', pattern: '15 0 * * *' },
});
