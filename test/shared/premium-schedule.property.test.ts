import test from 'ava';
import fc from 'fast-check';
import { addMonths, PREMIUM_FREQUENCIES, splitPremium } from '../../shared/domain/premiums/schedule.js';

/**
 * The premium schedule over generated premiums, terms and frequencies: the instalments always sum to
 * the premium exactly, fall due inside the term (the first on its first day), come in order, and
 * differ by at most the remainder of the split.
 */
const SEED = 20_261_127;
const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const FROM = Date.UTC(1990, 0, 1);
const TO = Date.UTC(2990, 0, 1);

const terms = fc
  .tuple(fc.integer({ min: FROM / DAY_MS, max: TO / DAY_MS }), fc.integer({ min: 1, max: 50 * 366 }))
  .map(([start, length]) => ({ effectiveFrom: day(start * DAY_MS), effectiveTo: day((start + length) * DAY_MS) }));

test('instalments sum to the premium, fall due in the term, and differ by at most the remainder', (t) => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      fc.constantFrom(...PREMIUM_FREQUENCIES),
      terms,
      (premiumMinor, frequency, term) => {
        const instalments = splitPremium({ premiumMinor, frequency, ...term });
        const amounts = instalments.map((i) => i.amountMinor);
        const sum = amounts.reduce((a, b) => a + b, 0);
        const remainder = premiumMinor % instalments.length;
        return (
          instalments.length >= 1 &&
          sum === premiumMinor &&
          instalments[0].dueOn === term.effectiveFrom &&
          instalments.every(
            (i, k) => i.seq === k + 1 && i.dueOn >= term.effectiveFrom && i.dueOn <= term.effectiveTo,
          ) &&
          instalments.every((i, k) => k === 0 || i.dueOn > instalments[k - 1].dueOn) &&
          amounts.every((a) => a >= 1) &&
          Math.max(...amounts) - Math.min(...amounts) <= remainder
        );
      },
    ),
    { seed: SEED, numRuns: 500 },
  );
  t.pass();
});

test('a quarterly year is four instalments a quarter apart, the remainder on the first', (t) => {
  t.deepEqual(
    splitPremium({
      premiumMinor: 1_000_003,
      frequency: 'quarterly',
      effectiveFrom: '2027-01-31',
      effectiveTo: '2028-01-30',
    }),
    [
      { seq: 1, dueOn: '2027-01-31', amountMinor: 250_003 },
      { seq: 2, dueOn: '2027-04-30', amountMinor: 250_000 },
      { seq: 3, dueOn: '2027-07-31', amountMinor: 250_000 },
      { seq: 4, dueOn: '2027-10-31', amountMinor: 250_000 },
    ],
  );
  t.is(addMonths('2028-01-31', 1), '2028-02-29');
  t.is(
    splitPremium({ premiumMinor: 5, frequency: 'monthly', effectiveFrom: '2027-01-01', effectiveTo: '2027-12-31' })
      .length,
    5,
  );
});
