import test from 'ava';
import fc from 'fast-check';
import pg from 'pg';
import { iso } from '../../shared/db/database.js';

/**
 * Views turn PostgreSQL's timestamp text into the API's ISO form with iso(), which cuts the common UTC
 * text into shape instead of parsing it: the answer must be Date's, for every text PostgreSQL sends.
 */
const SEED = 20_261_127;
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

test('timestamps as PostgreSQL writes them, in UTC and in another zone, read as Date reads them', async (t) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const texts: string[] = [];
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns']) {
      await client.query(`set timezone = '${zone}'`);
      const { rows } = await client.query<{ t: string }>(
        `select t::text as t from (
           select to_timestamp(-62135596800 + random() * 315537897600) as t from generate_series(1, 400)
           union all select timestamptz '2026-11-27 10:11:12+00'
           union all select timestamptz '2026-11-27 10:11:12.5+00'
           union all select timestamptz '2026-11-27 10:11:12.999999+00'
           union all select timestamptz '0101-01-01 00:00:00.0001+00'
         ) s`,
      );
      texts.push(...rows.map((r) => r.t));
    }
    t.true(texts.some((x) => x.endsWith('+00')) && texts.some((x) => x.endsWith('+05:30')));
    // Date cannot read some of them (a historical offset in seconds, `+05:53:28`): neither may iso().
    const read = (f: () => string) => {
      try {
        return f();
      } catch (err) {
        return `throws ${(err as Error).name}`;
      }
    };
    for (const text of texts)
      t.is(
        read(() => iso(text)),
        read(() => new Date(text).toISOString()),
        text,
      );
  } finally {
    await client.end();
  }
});

test('any text of the UTC form, fractions of 0 to 6 digits, reads as Date reads it; a Date is written as is', (t) => {
  const two = (n: number) => String(n).padStart(2, '0');
  fc.assert(
    fc.property(
      fc.integer({ min: 100, max: 9999 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 28 }),
      fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 })),
      fc.stringMatching(/^\d{0,6}$/),
      (year, month, day, [h, m, s], fraction) => {
        const text = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)} ${two(h)}:${two(m)}:${two(s)}${fraction ? `.${fraction}` : ''}+00`;
        const expected = new Date(text).toISOString();
        return iso(text) === expected && iso(new Date(expected)) === expected;
      },
    ),
    { seed: SEED, numRuns: 2000 },
  );
  t.pass();
});
