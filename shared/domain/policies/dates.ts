/** Calendar dates (`YYYY-MM-DD`, no time zone) as the policy domain counts them. */

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
