/**
 * Premiums: a policy's premium split into instalments over its term (the schedule is written when the
 * policy is issued), and what is due, paid and overdue.
 */

import { jobAct } from '../../kernel/act.js';
import { defineJob } from '../../kernel/jobs.js';
import { defineDomain } from '../../kernel/manifest.js';
import {
  PremiumInstalment as PremiumInstalmentEntity,
  PremiumPayment as PremiumPaymentEntity,
} from './instalment.entity.js';
import { remindOverduePremiums, sendOverdueReminder } from './overdue-reminders.js';
import { Migration20261128000200_premium_reminders } from './premium-reminders.migration.js';
import { Migration20261128000100_premium_respread } from './premium-respread.migration.js';
import { PREMIUM_ERRORS } from './premiums.errors.js';
import { PREMIUM_OVERDUE_MAIL, REMIND_OVERDUE_JOB } from './premiums.jobs.js';
import { Migration20261127000800_premiums } from './premiums.migration.js';
import { PREMIUM_EVENTS, PREMIUM_PERMISSIONS } from './premiums.permissions.js';

export { arrearsOf, assertNoArrears } from './arrears.js';
export { DEFAULT_GRACE_PERIOD_DAYS, gracePeriodDays } from './grace.js';
export { remindOverduePremiums } from './overdue-reminders.js';
export { type PayablePolicy, payInstalment, recordPremiumPayment } from './premium-payments.js';
export {
  Instalment,
  MAX_INSTALMENTS,
  PREMIUMS_TAG,
  PremiumFrequency,
  PremiumPayment,
  RecordPremiumPaymentInput,
} from './premiums.schemas.js';
export { listPremiums } from './premiums.service.js';
export { lockInstalments, respreadPremium } from './respread.js';
export { PREMIUM_FREQUENCIES, type PremiumFrequency as PremiumFrequencyName, scheduleInstalments } from './schedule.js';
export { unearnedPremiumOf } from './unearned.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const premiumsDomain = defineDomain({
  name: 'premiums',
  permissions: PREMIUM_PERMISSIONS,
  errors: PREMIUM_ERRORS,
  publishes: PREMIUM_EVENTS,
  entities: [PremiumInstalmentEntity, PremiumPaymentEntity],
  migrations: [
    { name: 'Migration20261127000800_premiums', class: Migration20261127000800_premiums },
    { name: 'Migration20261128000100_premium_respread', class: Migration20261128000100_premium_respread },
    { name: 'Migration20261128000200_premium_reminders', class: Migration20261128000200_premium_reminders },
  ],
  jobs: [
    defineJob(REMIND_OVERDUE_JOB, {
      process: (deps, _payload, job, trace) => remindOverduePremiums(deps, jobAct(job, trace)),
      summary: ({ queued }) => `queued ${queued} overdue reminders`,
    }),
    defineJob(PREMIUM_OVERDUE_MAIL, {
      process: (deps, payload, job, trace) => sendOverdueReminder(deps, jobAct(job, trace), payload),
    }),
  ],
});
