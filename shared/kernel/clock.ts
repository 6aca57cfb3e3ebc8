/**
 * The service's one clock: what time it is and what day it is (UTC), for the API, the workers and the
 * sweeps alike. Services take it from their deps; a test gives its own to stand on any day. Write
 * stamps (`createdAt`, `settledAt`) are the database's transaction time, which the machines' clocks
 * keep in step with.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Today's date in UTC, `YYYY-MM-DD`: the day every date rule and sweep compares calendar dates with. */
export const today = (clock: Clock): string => clock.now().toISOString().slice(0, 10);

/** The latest date it is anywhere on Earth now (UTC+14): a date after it has not happened yet. */
export const latestToday = (clock: Clock): string =>
  new Date(clock.now().getTime() + 14 * 3600_000).toISOString().slice(0, 10);
