import test from 'ava';
import pg from 'pg';
import { queryDescribed } from '../../shared/db/described-statement.js';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import { pgMessagesDuring } from '../helpers/db.js';
import { expectData } from '../helpers/expect.js';

/**
 * Hot reads run as named statements whose rows are described once per connection (Describe of the
 * statement), not at each execution (node-pg's Describe of the portal): the rows must come out exactly
 * as node-pg's own query gives them, on every connection, and a failure must leave the pool serving.
 */
let { api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ api, admin } = s));

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Counts node-pg's Describe messages of each kind sent while `fn` runs, by every connection of this process. */
async function describesDuring(fn: () => Promise<unknown>): Promise<{ S: number; P: number }> {
  const counts = { S: 0, P: 0 };
  await pgMessagesDuring('describe', (msg) => counts[msg.type]++, fn);
  return counts;
}

/** A pool of `max` connections of its own for `fn`, ended afterwards. */
async function withPool<T>(max: number, fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: adminUrl, max });
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

const TEXT = `select $1::int as n, $2::text as label, null::text as nothing, $3::timestamptz as at,
  json_build_object('k', $2::text) as doc, array[1, 2]::int[] as list, $4::bool as flag`;

test.serial(
  'rows come out as node-pg gives them, on every connection, with the statement described once per connection',
  (t) =>
    withPool(4, async (pool) => {
      const values = [7, 'seven', '2026-11-27T10:11:12.345Z', true];
      const expected = (await pool.query({ text: TEXT, values })).rows;
      const name = `described_${Date.now().toString(36)}`;
      const first = await describesDuring(() => queryDescribed(pool, name, TEXT, values));
      t.deepEqual(first, { S: 1, P: 0 }, 'the first execution describes the statement');
      let rows: unknown[][] = [];
      const later = await describesDuring(async () => {
        // In parallel: several connections, most of which parse the statement for the first time.
        rows = await Promise.all(Array.from({ length: 12 }, () => queryDescribed(pool, name, TEXT, values)));
      });
      t.true(pool.totalCount > 1, 'the reads were spread over several connections');
      t.deepEqual(later, { S: pool.totalCount - 1, P: 0 }, 'each new connection describes it with its Parse, once');
      for (const r of rows) t.deepEqual(r, expected);
      const known = await describesDuring(() =>
        Promise.all(Array.from({ length: 12 }, () => queryDescribed(pool, name, TEXT, values))),
      );
      t.deepEqual(known, { S: 0, P: 0 }, 'once every connection knows it, nothing is described');
    }),
);

test.serial('a statement PostgreSQL refuses rejects with its error, and the pool serves the next read', (t) =>
  withPool(1, async (pool) => {
    const name = `refused_${Date.now().toString(36)}`;
    const text = 'select $1::int as n';
    const err = await t.throwsAsync(queryDescribed(pool, name, text, ['not a number']));
    t.is((err as { code?: string }).code, '22P02');
    t.deepEqual(await queryDescribed(pool, name, text, ['5']), [{ n: 5 }]);
    t.deepEqual(await queryDescribed(pool, `${name}_none`, 'select 1 as n where false', []), []);
  }),
);

test.serial('a column added under a running pool: a new connection reads the new shape, never the old one', (t) =>
  withPool(2, async (pool) => {
    const table = `described_shape_${Date.now().toString(36)}`;
    const text = `select * from ${table}`;
    const name = `${table}_all`;
    await pool.query(`create table ${table} (a int)`);
    try {
      await pool.query(`insert into ${table} values (1)`);
      t.deepEqual(await queryDescribed(pool, name, text, []), [{ a: 1 }]);
      await pool.query(`alter table ${table} add column b text default 'x'`);
      // A connection of its own, opened after the change (the pool's first one keeps the old statement).
      await withPool(1, async (fresh) => {
        t.deepEqual(await queryDescribed(fresh, name, text, []), [{ a: 1, b: 'x' }]);
      });
    } finally {
      await pool.query(`drop table ${table}`);
    }
  }),
);

test.serial('one name for two different statements is refused, as node-pg refuses it', (t) =>
  withPool(1, async (pool) => {
    const name = `twice_${Date.now().toString(36)}`;
    await queryDescribed(pool, name, 'select 1 as n', []);
    await t.throwsAsync(queryDescribed(pool, name, 'select 2 as n', []), { message: /must be unique/ });
  }),
);

test.serial(
  'GET /users/{id} asks PostgreSQL for no description of its rows once its statements are known',
  async (t) => {
    const path = `/users/${admin.id}`;
    expectData(t, await api.as(admin).get(path));
    const counts = await describesDuring(async () => {
      for (let i = 0; i < 5; i++) t.is(expectData<{ id: string }>(t, await api.as(admin).get(path)).id, admin.id);
    });
    t.deepEqual(counts, { S: 0, P: 0 });
  },
);
