import test from 'ava';
import fc from 'fast-check';
import { type HeldInstalment, owedMinor, respreadInstalments } from '../../shared/domain/premiums/respread.js';
import { PREMIUM_FREQUENCIES, splitPremium } from '../../shared/domain/premiums/schedule.js';
import { unearnedPremium } from '../../shared/domain/premiums/unearned.js';

/**
 * A premium changed by an endorsement, over generated schedules: the instalments always sum to the new
 * premium, none falls below what is paid on it, paid and waived ones stay as they were, an increase
 * keeps an even split even (up to its own remainder) and a decrease is taken evenly where it can be.
 * Then the unearned premium of a cancellation: never more than was paid, less the later the date.
 */
const SEED = 20_261_128;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** An instalment in any state: a `due` one may be partly paid, a `paid` one is paid in full. */
const instalment = fc
  .tuple(
    fc.integer({ min: 1, max: 1_000_000 }),
    fc.constantFrom('due', 'paid', 'waived'),
    fc.integer({ min: 0, max: 1_000_000 }),
  )
  .map(([amountMinor, status, paid]) => ({
    amountMinor,
    status,
    paidMinor: status === 'paid' ? amountMinor : paid % (amountMinor + (status === 'waived' ? 1 : 0)),
  }));
const schedules = fc
  .array(instalment, { minLength: 1, maxLength: 24 })
  .map((xs) => xs.map((x, k) => ({ ...x, seq: k + 1 }) as HeldInstalment));

test('the amounts sum to the new premium, none below its paid part, paid and waived untouched', (t) => {
  fc.assert(
    fc.property(schedules, fc.integer({ min: -30_000_000, max: 30_000_000 }), (held, difference) => {
      const before = sum(held.map((i) => i.amountMinor));
      const spread = respreadInstalments(held, difference);
      if (!spread) return difference < 0 && -difference > owedMinor(held);
      const after = spread.instalments;
      return (
        sum(after.map((i) => i.amountMinor)) + spread.addedMinor === before + difference &&
        after.every((i) => i.amountMinor >= i.paidMinor && i.paidMinor === held[i.seq - 1].paidMinor) &&
        held.every(
          (h, k) => h.status === 'due' || (after[k].amountMinor === h.amountMinor && after[k].status === h.status),
        ) &&
        (spread.addedMinor === 0 || (difference > 0 && held.every((h) => h.status !== 'due'))) &&
        after.every((i, k) => i.status === held[k].status || (i.amountMinor === i.paidMinor && i.status !== 'due')) &&
        after.every((i) => i.status !== 'waived' || held[i.seq - 1].status === 'waived' || i.amountMinor === 0)
      );
    }),
    { seed: SEED, numRuns: 1_000 },
  );
  t.pass();
});

test('an increase over an even split keeps it even: the owed amounts differ by at most its remainder', (t) => {
  fc.assert(
    fc.property(
      schedules,
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.integer({ min: 1, max: 30_000_000 }),
      (held, even, difference) => {
        const evened = held.map((i) => (i.status === 'due' ? { ...i, amountMinor: even, paidMinor: 0 } : i));
        const owed = evened.filter((i) => i.status === 'due').length;
        const spread = respreadInstalments(evened, difference);
        if (!spread) return false;
        const amounts = spread.instalments.filter((i) => i.status === 'due').map((i) => i.amountMinor);
        if (!owed) return spread.addedMinor === difference;
        const remainder = difference % owed;
        return (
          Math.max(...amounts) - Math.min(...amounts) <= remainder &&
          amounts[0] === even + Math.floor(difference / owed) + remainder
        );
      },
    ),
    { seed: SEED, numRuns: 500 },
  );
  t.pass();
});

test('a decrease is taken evenly: an owed instalment that could give more gave within the remainder of the most', (t) => {
  fc.assert(
    fc.property(schedules, fc.integer({ min: 1, max: 30_000_000 }), (held, cut) => {
      const spread = respreadInstalments(held, -cut);
      if (!spread) return cut > owedMinor(held);
      const owed = held.filter((i) => i.status === 'due');
      const takes = owed.map((h) => h.amountMinor - spread.instalments[h.seq - 1].amountMinor);
      const most = Math.max(0, ...takes);
      return owed.every(
        (h, k) =>
          takes[k] >= 0 &&
          (spread.instalments[h.seq - 1].amountMinor === h.paidMinor || takes[k] >= most - (owed.length - 1)),
      );
    }),
    { seed: SEED, numRuns: 1_000 },
  );
  t.pass();
});

test('examples: the remainder on the first owed, water-filling, paid and waived at the floor, too much is null', (t) => {
  const owed = (amountMinor: number, paidMinor = 0): HeldInstalment => ({
    seq: 0,
    amountMinor,
    paidMinor,
    status: 'due',
  });
  const at = (xs: HeldInstalment[]) => xs.map((x, k) => ({ ...x, seq: k + 1 }));
  const amounts = (r: ReturnType<typeof respreadInstalments>) => r?.instalments.map((i) => [i.amountMinor, i.status]);
  const quarterly = at([
    { seq: 0, amountMinor: 300_001, paidMinor: 300_001, status: 'paid' },
    owed(300_000),
    owed(300_000),
    owed(300_000),
  ]);
  t.deepEqual(amounts(respreadInstalments(quarterly, 100_000)), [
    [300_001, 'paid'],
    [333_334, 'due'],
    [333_333, 'due'],
    [333_333, 'due'],
  ]);
  // 90 off three owed: the first can give 10 only, the other two give 40 each.
  t.deepEqual(amounts(respreadInstalments(at([owed(100, 90), owed(100), owed(100)]), -90)), [
    [90, 'paid'],
    [60, 'due'],
    [60, 'due'],
  ]);
  t.deepEqual(amounts(respreadInstalments(at([owed(50, 20), owed(50)]), -80)), [
    [20, 'paid'],
    [0, 'waived'],
  ]);
  t.is(respreadInstalments(at([owed(50, 20), owed(50)]), -81), null);
  t.deepEqual(respreadInstalments(quarterly.slice(0, 1), 7)?.addedMinor, 7);
  // 5 off three owed of 10: 1 each, the remainder of 2 off the first.
  t.deepEqual(amounts(respreadInstalments(at([owed(10), owed(10), owed(10)]), -5)), [
    [7, 'due'],
    [9, 'due'],
    [9, 'due'],
  ]);
});

const DAY_MS = 86_400_000;
const day = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const cancelled = fc
  .tuple(
    fc.integer({ min: 7_000, max: 30_000 }),
    fc.integer({ min: 1, max: 3 * 366 }),
    fc.constantFrom(...PREMIUM_FREQUENCIES),
    fc.integer({ min: 1, max: 10_000_000_000 }),
    fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 40, maxLength: 40 }),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.double({ min: 0, max: 1, noNaN: true }),
  )
  .map(([start, length, frequency, premiumMinor, paidShares, at, later]) => {
    const term = { effectiveFrom: day(start), effectiveTo: day(start + length) };
    const instalments = splitPremium({ premiumMinor, frequency, ...term }).map((i, k) => ({
      ...i,
      paidMinor: Math.floor(i.amountMinor * paidShares[k]),
    }));
    const on = start + Math.floor(at * length);
    return { term, instalments, on: day(on), later: day(on + Math.floor(later * (start + length - on))) };
  });

test('the unearned premium is never more than was paid, less the later the cancellation, 0 on the last day', (t) => {
  fc.assert(
    fc.property(cancelled, ({ term, instalments, on, later }) => {
      const paid = sum(instalments.map((i) => i.paidMinor));
      const unearned = unearnedPremium(instalments, term, on);
      return (
        unearned >= 0 &&
        unearned <= paid &&
        unearnedPremium(instalments, term, later) <= unearned &&
        unearnedPremium(instalments, term, term.effectiveTo) === 0
      );
    }),
    { seed: SEED, numRuns: 500 },
  );
  t.pass();
});

test('the unearned premium: by days of each instalment’s period, each rounded down', (t) => {
  const term = { effectiveTo: '2031-12-31' };
  // 365 days paid 365,000: cancelled on 1 July, the 183 days from 2 July are unearned.
  t.is(unearnedPremium([{ seq: 1, dueOn: '2031-01-01', paidMinor: 365_000 }], term, '2031-07-01'), 183_000);
  t.is(unearnedPremium([{ seq: 1, dueOn: '2031-01-01', paidMinor: 100 }], term, '2031-07-01'), 50, '100 x 183 / 365');
  const quarters = [
    { seq: 1, dueOn: '2031-01-01', paidMinor: 90 },
    { seq: 2, dueOn: '2031-04-01', paidMinor: 91 },
    { seq: 3, dueOn: '2031-07-01', paidMinor: 0 },
  ];
  // Q1 is 90 days (earned but for 1 Feb on: 59 days, 59), Q2 is 91 days all after the date.
  t.is(unearnedPremium(quarters, term, '2031-01-31'), 59 + 91);
  t.is(unearnedPremium([{ seq: 1, dueOn: '2032-02-01', paidMinor: 40 }], term, '2031-12-31'), 40, 'due after the term');
});
