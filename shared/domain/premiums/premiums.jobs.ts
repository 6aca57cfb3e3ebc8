import { JobPayload, jobType, NoPayload } from '../../kernel/jobs.js';
import { Uuid } from '../../kernel/schema.js';

// Daily, before the lapse sweep (00:15): a holder hears of an overdue instalment before the policy can lapse.
export const REMIND_OVERDUE_JOB = jobType({
  queue: 'policies',
  name: 'remind-overdue',
  payload: NoPayload,
  does: 'queues one reminder mail per overdue instalment not yet reminded of, for active and reinstated policies whose holder has an e-mail',
  schedule: { id: 'remind-overdue-premiums', pattern: '10 0 * * *' },
});

export const PREMIUM_OVERDUE_MAIL = jobType({
  queue: 'mail',
  name: 'premium-overdue',
  payload: JobPayload({ instalmentId: Uuid }),
  does: 'sends the holder the reminder of an overdue instalment (template `premium_overdue`), once',
  producedBy: 'from the outbox, by `policies.remind-overdue`',
});
