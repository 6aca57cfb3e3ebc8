import test from 'ava';
import { sql as kysql } from 'kysely';
import pg from 'pg';
import { User } from '../../shared/domain/users/user.entity.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { type Sweep, sweep } from '../../shared/kernel/sweep.js';
import { type Stack, startStack } from '../helpers/stack.js';

let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

const sql = async (query: string, params: unknown[] = []) => stack.orm.em.fork().execute(query, params);
const deps = () => stack.app.deps;

/** Pending users created `daysAgo` days ago, in id (= creation) order, under a domain of the test's own. */
async function pendingUsers(domain: string, n: number, daysAgo = 40, status = 'pending'): Promise<string[]> {
  const ids = Array.from({ length: n }, () => uuidv7());
  for (const id of ids) {
    await sql(
      `insert into users (id, email, name, status, created_at) values (?, ?, 'Stale Pending', ?, now() - make_interval(days => ?))`,
      [id, `${id}@${domain}`, status, daysAgo],
    );
  }
  return ids;
}

/** A test-only sweep: archive every pending user of `domain` created over 30 days ago. */
function archiveStalePending(domain: string, refuse: Set<string> = new Set()): Sweep<'users'> {
  return {
    name: 'archive-stale-pending-users',
    table: 'users',
    candidates: (from) =>
      from
        .where('status', '=', 'pending')
        .where('created_at', '<', kysql<string>`now() - interval '30 days'`)
        .where('email', 'like', `%@${domain}`),
    apply: async (em, id) => {
      if (refuse.has(id)) throw new Error(`refused ${id} for the test`);
      const user = await em.findOneOrFail(User, id);
      const from = user.status;
      user.status = 'archived';
      return {
        result: null,
        audit: {
          action: 'user.archive',
          subjectType: 'user',
          subjectId: id,
          summary: { from, reason: 'stale_pending' },
        },
      };
    },
  };
}

const statuses = async (ids: string[]) =>
  Object.fromEntries((await sql(`select id, status from users where id in (?)`, [ids])).map((r) => [r.id, r.status]));
/** Archive audit entries per user id. */
async function archiveEntries(ids: string[]): Promise<Map<string, number>> {
  const rows = await sql(
    `select subject_id, count(*)::int as n from audit_entries where action = 'user.archive' and actor = 'system' and subject_id in (?) group by subject_id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.subject_id, Number(r.n)]));
}

test('two sweeps running at once process every candidate exactly once, and a second run finds nothing', async (t) => {
  const domain = `concurrent-${uuidv7()}.test`;
  const ids = await pendingUsers(domain, 30);
  const recent = await pendingUsers(domain, 2, 1);
  const active = await pendingUsers(domain, 2, 40, 'active');

  const [a, b] = await Promise.all([
    sweep(deps(), archiveStalePending(domain), { batchSize: 4 }),
    sweep(deps(), archiveStalePending(domain), { batchSize: 4 }),
  ]);
  t.is(a.failed + b.failed, 0);
  t.is(a.processed + b.processed, 30, `a ${JSON.stringify(a)}, b ${JSON.stringify(b)}`);
  t.true(Object.values(await statuses(ids)).every((s) => s === 'archived'));
  const entries = await archiveEntries(ids);
  t.is(entries.size, 30, 'an audit entry per item');
  t.true(
    [...entries.values()].every((n) => n === 1),
    'and only one',
  );
  t.deepEqual(
    Object.values(await statuses([...recent, ...active])).sort(),
    ['active', 'active', 'pending', 'pending'],
    'non-candidates untouched',
  );

  t.deepEqual(await sweep(deps(), archiveStalePending(domain), { batchSize: 4 }), {
    processed: 0,
    failed: 0,
    skipped: 0,
    failures: [],
  });
});

test('a failing item is counted and reported, the others are done, and the next run retries it', async (t) => {
  const domain = `failing-${uuidv7()}.test`;
  const ids = await pendingUsers(domain, 7);
  const first = await sweep(deps(), archiveStalePending(domain, new Set([ids[2]])), { batchSize: 3 });
  t.like(first, { processed: 6, failed: 1, skipped: 0 });
  t.deepEqual(first.failures, [{ id: ids[2], error: `refused ${ids[2]} for the test` }]);
  t.is((await statuses([ids[2]]))[ids[2]], 'pending', 'the failed item rolled back');
  t.false((await archiveEntries(ids)).has(ids[2]), 'with no audit entry');

  t.like(await sweep(deps(), archiveStalePending(domain), { batchSize: 3 }), { processed: 1, failed: 0 });
  t.is((await archiveEntries(ids)).size, 7);
});

test('memory is bounded: the sweep never claims more than batchSize rows at a time', async (t) => {
  const domain = `batches-${uuidv7()}.test`;
  const ids = await pendingUsers(domain, 10);
  const batches: string[][] = [];
  const result = await sweep(deps(), archiveStalePending(domain), {
    batchSize: 3,
    onBatch: (batch) => {
      batches.push(batch);
    },
  });
  t.is(result.processed, 10);
  t.deepEqual(
    batches.map((b) => b.length),
    [3, 3, 3, 1],
  );
  t.deepEqual(batches.flat(), [...ids].sort(), 'in key order, each once');
});

test('a crash leaves done items done, and running again picks up the rest', async (t) => {
  const domain = `resume-${uuidv7()}.test`;
  const ids = await pendingUsers(domain, 7);
  let batches = 0;
  const crash = sweep(deps(), archiveStalePending(domain), {
    batchSize: 3,
    onBatch: () => {
      if (++batches === 2) throw new Error('worker died');
    },
  });
  await t.throwsAsync(crash, { message: 'worker died' });
  t.is(Object.values(await statuses(ids)).filter((s) => s === 'archived').length, 3);

  t.like(await sweep(deps(), archiveStalePending(domain), { batchSize: 3 }), { processed: 4, failed: 0 });
  const entries = await archiveEntries(ids);
  t.is(entries.size, 7);
  t.true([...entries.values()].every((n) => n === 1));
});

test('an item locked by another transaction or no longer a candidate after the claim is skipped, not applied twice', async (t) => {
  const domain = `recheck-${uuidv7()}.test`;
  const ids = await pendingUsers(domain, 4);
  const other = new pg.Client({ connectionString: stack.config.DATABASE_URL });
  await other.connect();
  try {
    const result = await sweep(deps(), archiveStalePending(domain), {
      batchSize: 10,
      // Between the claim and the items: a user action activates one user and another holds a second.
      onBatch: async () => {
        await sql(`update users set status = 'active' where id = ?`, [ids[0]]);
        await other.query('begin');
        await other.query('select id from users where id = $1 for update', [ids[1]]);
      },
    });
    t.like(result, { processed: 2, skipped: 2, failed: 0 });
  } finally {
    await other.query('rollback').catch(() => {});
    await other.end();
  }
  t.deepEqual(await statuses(ids), {
    [ids[0]]: 'active',
    [ids[1]]: 'pending',
    [ids[2]]: 'archived',
    [ids[3]]: 'archived',
  });
  t.like(await sweep(deps(), archiveStalePending(domain)), { processed: 1, skipped: 0 }, 'the held one, once released');
  t.is((await archiveEntries(ids)).size, 3);
});
