import { jobType, NoPayload } from '../../kernel/jobs.js';

export const PURGE_IDEMPOTENCY = jobType({
  queue: 'maintenance',
  name: 'purge-idempotency',
  payload: NoPayload,
  does: 'deletes idempotency records older than IDEMPOTENCY_TTL_HOURS',
  schedule: { id: 'purge-idempotency', every: () => 3600_000 },
});

export const CLEAN_OUTBOX = jobType({
  queue: 'maintenance',
  name: 'clean-outbox',
  payload: NoPayload,
  does: 'deletes outbox rows dispatched over 7 days ago',
  schedule: { id: 'clean-outbox', pattern: '17 3 * * *' },
});

export const FORGET_SIGN_IN_RECORDS = jobType({
  queue: 'maintenance',
  name: 'forget-sign-in-records',
  payload: NoPayload,
  does: 'deletes failure counts of emails and device tokens neither locked nor failed for a day, and reset requests handled over 7 days ago',
  schedule: { id: 'forget-sign-in-records', pattern: '40 * * * *' },
});
