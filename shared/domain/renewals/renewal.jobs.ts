import { Type } from 'typebox';
import { JobPayload, jobType, NoPayload } from '../../kernel/jobs.js';
import { Uuid } from '../../kernel/schema.js';

// Daily, early UTC: policies expire first (5 past midnight), then the renewals now due are generated, then stale offers lapse.
export const QUEUE_DUE_RENEWALS = jobType({
  queue: 'renewals',
  name: 'generate-due',
  payload: NoPayload,
  does: 'queues a `generate` job for every live policy whose term ends within RENEWAL_LEAD_DAYS and has no renewal for its next term',
  schedule: { id: 'generate-renewals', pattern: '20 0 * * *' },
});

export const GENERATE_RENEWAL = jobType({
  queue: 'renewals',
  name: 'generate',
  // The job id is `renewal-<policyId>-<termFrom>`: one job per policy and term, however often the sweep runs.
  payload: JobPayload({ policyId: Uuid, termFrom: Type.String({ format: 'date' }) }),
  does: 'generates the pending renewal of one policy for the term starting termFrom, unless it exists',
  producedBy: 'by `generate-due`, job id `renewal-<policyId>-<termFrom>`',
});

export const LAPSE_RENEWALS = jobType({
  queue: 'renewals',
  name: 'lapse-offers',
  payload: NoPayload,
  does: "lapses pending and offered renewals whose offer expired or whose policy's term ended",
  schedule: { id: 'lapse-renewals', pattern: '35 0 * * *' },
});
