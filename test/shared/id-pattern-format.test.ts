import test from 'ava';
import { formatNumber, parsePattern } from '../../shared/domain/id-patterns/pattern.js';

/** The number a pattern gives: dates in UTC, the sequence zero-padded, random parts from digits and capitals. */

test('date tokens take the UTC date, not the local one', (t) => {
  // 23:30 on 31 December at UTC-2 is already 1 January 2031 in UTC.
  const now = new Date('2030-12-31T23:30:00-02:00');
  t.is(formatNumber('{YYYY}/{YY}/{MM}/{DD}-{SEQ:4}', 7, now), '2031/31/01/01-0007');
  t.is(formatNumber('A.{YY}{MM}{DD}_{SEQ:6}', 42, new Date('2009-03-04T00:00:00Z')), 'A.090304_000042');
});

test('{SEQ:n} pads to n digits and grows wider past them instead of wrapping', (t) => {
  const now = new Date('2026-01-01T00:00:00Z');
  t.is(formatNumber('POL-{SEQ:4}', 1, now), 'POL-0001');
  t.is(formatNumber('POL-{SEQ:4}', 9_999, now), 'POL-9999');
  t.is(formatNumber('POL-{SEQ:4}', 12_345, now), 'POL-12345');
  t.is(formatNumber('POL-{SEQ:12}', 3, now), 'POL-000000000003');
});

test('{RAND:n} draws n digits and capitals without I and O, afresh for each number', (t) => {
  const now = new Date();
  const drawn = Array.from({ length: 200 }, () => formatNumber('Q-{RAND:10}', 1, now));
  for (const number of drawn) t.regex(number, /^Q-[0-9A-HJ-NP-Z]{10}$/);
  t.is(new Set(drawn).size, 200);
  t.regex(drawn.join(''), /[A-Z]/);
  t.regex(drawn.join(''), /[0-9]/);
});

test('parsePattern names each problem of a pattern', (t) => {
  t.deepEqual(parsePattern('POL-{YYYY}-{SEQ:6}').problems, []);
  t.deepEqual(parsePattern('P-{RAND:6}').problems, []);
  t.deepEqual(parsePattern('P-{RAND:5}-{SEQ:4}').problems, []);
  t.deepEqual(parsePattern('{DD}{MM}').problems, [
    'a pattern needs {SEQ:n} or a {RAND:n} of at least 6, so that numbers are unique',
  ]);
  t.deepEqual(parsePattern('P#{SEQ:6}').problems, [
    '"P#" has characters other than letters, digits, - _ / . or a malformed token',
  ]);
});
