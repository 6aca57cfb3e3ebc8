import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger.js';
import { operationalSetting } from '../operational-policies/index.js';

/** Days an instalment may stay overdue before its policy lapses, unless `payments.gracePeriodDays` says otherwise. */
export const DEFAULT_GRACE_PERIOD_DAYS = 30;

/** The grace period as the operational policy `payments.gracePeriodDays` says now, else 30 days. */
export const gracePeriodDays = async (deps: { log: Logger }, em: EntityManager): Promise<number> =>
  (await operationalSetting(deps, em, 'payments.gracePeriodDays')) ?? DEFAULT_GRACE_PERIOD_DAYS;

/** The last day of an instalment's grace: unpaid after it, its policy lapses (the sweep's `due_on < today - grace`). */
export const lastDayOfGrace = (dueOn: string, graceDays: number): string =>
  new Date(Date.parse(`${dueOn}T00:00:00.000Z`) + graceDays * 86_400_000).toISOString().slice(0, 10);
