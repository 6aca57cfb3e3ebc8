/** Calendar dates (`YYYY-MM-DD`, no time zone) as the policy domain counts them. */

import { dateOutOfRange, dayInRange } from '../../kernel/calendar.js';
import { DomainRuleError } from '../../kernel/errors.js';

const DAY_MS = 86_400_000;
const toUtc = (date: string) => Date.parse(`${date}T00:00:00.000Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => fromUtc(toUtc(date) + days * DAY_MS);

/** Days from `from` to `to` (positive when `to` is later). */
export const daysBetween = (from: string, to: string): number => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

/** `date` plus whole months, or null when that day does not exist in the target month (31 Jan + 1 month). */
function addMonths(date: string, months: number): string | null {
  const [y, m, d] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, d));
  return target.getUTCDate() === d ? target.toISOString().slice(0, 10) : null;
}

/** The longest policy term, in years. */
export const MAX_TERM_YEARS = 50;

/** A term longer than MAX_TERM_YEARS, as a validation problem on `field` (none when it fits). */
export const termTooLong = (field: string, from: string, to: string) =>
  to > latestTermEnd(from)
    ? [
        {
          field,
          message: `must be at most ${MAX_TERM_YEARS} years after effectiveFrom, ${from}: ${latestTermEnd(from)} at the latest`,
          constraint: 'maxTerm',
        },
      ]
    : [];

/** The last day a term from `from` may run to: the same day MAX_TERM_YEARS later (28 February for 29 February). */
export function latestTermEnd(from: string): string {
  const [y, m, d] = from.split('-').map(Number);
  const lastOfMonth = new Date(Date.UTC(y + MAX_TERM_YEARS, m, 0)).getUTCDate();
  return new Date(Date.UTC(y + MAX_TERM_YEARS, m - 1, Math.min(d, lastOfMonth))).toISOString().slice(0, 10);
}

/**
 * What is wrong with a term the service computed (a renewal's, an accepted quotation's policy), as the
 * 422 INVARIANT_VIOLATION naming the date that leaves the range of dates or makes the term longer than
 * MAX_TERM_YEARS; undefined when it is a term the service can keep.
 */
export function computedTermProblem(names: [from: string, to: string], from: string, to: string) {
  if (!dayInRange(from)) return dateOutOfRange(names[0], from);
  if (!dayInRange(to)) return dateOutOfRange(names[1], to);
  if (to > latestTermEnd(from))
    return new DomainRuleError(
      'INVARIANT_VIOLATION',
      `The ${names[1]} this would need, ${to}, makes a term longer than ${MAX_TERM_YEARS} years`,
      { date: names[1], value: to, latest: latestTermEnd(from) },
    );
  return undefined;
}

/**
 * The term after [effectiveFrom, effectiveTo], from the day after effectiveTo. A term of whole months
 * (1 March to 28 February) renews for as many months (to 28 or 29 February, whichever the year has);
 * any other term renews for the same number of days.
 */
export function nextTerm(term: { effectiveFrom: string; effectiveTo: string }): { termFrom: string; termTo: string } {
  const termFrom = addDays(term.effectiveTo, 1);
  const [fy, fm] = term.effectiveFrom.split('-').map(Number);
  const [ty, tm] = termFrom.split('-').map(Number);
  const months = (ty - fy) * 12 + (tm - fm);
  if (months > 0 && addMonths(term.effectiveFrom, months) === termFrom) {
    const end = addMonths(termFrom, months);
    if (end) return { termFrom, termTo: addDays(end, -1) };
  }
  return { termFrom, termTo: addDays(termFrom, daysBetween(term.effectiveFrom, term.effectiveTo)) };
}
