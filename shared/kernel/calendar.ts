import { DomainRuleError } from './errors.js';

/**
 * The dates this service takes and makes: wide enough for any policy, claim or birth, narrow enough to
 * store, to print as `YYYY-MM-DD` and to add a term to. Requests with a date outside answer 400 (the
 * `date` and `date-time` formats of api/http/schema-compilers.ts); a date the service computes that
 * would fall outside answers 422 INVARIANT_VIOLATION naming it (`dateOutOfRange`).
 */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2999-12-31';
const FIRST_MS = Date.parse(`${FIRST_DAY}T00:00:00.000Z`);
const LAST_MS = Date.parse(`${LAST_DAY}T23:59:59.999Z`);

/** `YYYY-MM-DD` text compares as dates; a year past 9999 prints as `+010000-...`, which sorts below either bound. */
export const dayInRange = (day: string): boolean => day >= FIRST_DAY && day <= LAST_DAY;
export const instantInRange = (ms: number): boolean => ms >= FIRST_MS && ms <= LAST_MS;

/** The 422 for a computed date outside the range; `date` names what it is (`termFrom`, `responseDueAt`). */
export const dateOutOfRange = (date: string, value: string) =>
  new DomainRuleError(
    'INVARIANT_VIOLATION',
    `The ${date} this would need, ${value}, is outside the dates the service keeps (${FIRST_DAY} to ${LAST_DAY})`,
    { date, value, earliest: FIRST_DAY, latest: LAST_DAY },
  );

/** An instant the service computed (a deadline), or 422 INVARIANT_VIOLATION when it leaves the range. */
export function computedInstant(date: string, ms: number): Date {
  // Beyond ±8.64e15 ms there is no Date to print.
  if (!instantInRange(ms))
    throw dateOutOfRange(date, Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : String(ms));
  return new Date(ms);
}
