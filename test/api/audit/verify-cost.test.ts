import test from 'ava';
import pg from 'pg';
import { chainAuditEntries } from '../../../shared/domain/audit/chain.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { pgMessagesDuring } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { waitFor } from '../../helpers/stack.js';

/**
 * GET /audit/verify reads and hashes the whole chain: what one caller can make it cost. Requests that
 * come while a walk runs share it, and a walk nobody waits for any more stops.
 */
let { stack, api } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api } = s), { env: { REQUEST_TIMEOUT_MS: '1000' } });

/** Entries read per batch by the walk (shared/domain/audit/verify.ts). */
const BATCH = 2000;
const ENTRIES = 3 * BATCH + 500;
let officer: SignedIn;

test.serial.before(async () => {
  await stack.orm.em.fork().execute(
    `insert into audit_entries (id, commit_seq, actor, action, subject_type, subject_id, summary, occurred_at)
     select gen_random_uuid(), nextval('audit_commit_seq'), 'system', 'test.bulk', 'bulk', g::text, '{}', now()
     from generate_series(1, ${ENTRIES}) g`,
  );
  while ((await chainAuditEntries(stack.orm, 5000, 100)).chained > 0);
  officer = await given.user(stack, { roles: ['compliance_officer'] });
});

/** Runs `fn`, counting the batches of the chain read meanwhile (the statements on audit_links this process sends). */
async function batchesDuring(fn: () => Promise<unknown>): Promise<number> {
  let batches = 0;
  await pgMessagesDuring(
    'parse',
    (m) => {
      if (/from "audit_links"/.test(m.text)) batches++;
    },
    fn,
  );
  return batches;
}

test.serial('requests that come while a verification runs share its walk and its verdict', async (t) => {
  let answers: Awaited<ReturnType<typeof api.get>>[] = [];
  const batches = await batchesDuring(async () => {
    answers = await Promise.all(Array.from({ length: 4 }, () => api.as(officer).get('/audit/verify')));
  });
  const verdicts = answers.map((res) => expectData(t, res));
  t.true(verdicts.every((v) => v.valid && v.checked >= ENTRIES));
  // One walk reads 4 batches (the last one partial); four walks would read 16.
  t.true(batches <= 5, `${batches} batches read for four requests`);
});

test.serial(
  'a verification whose request timed out stops at its next batch instead of reading on for nobody',
  async (t) => {
    // Holds the walk's first batch until the request has been answered 503.
    const blocker = new pg.Client({ connectionString: stack.config.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table audit_links in access exclusive mode');
      const batches = await batchesDuring(async () => {
        const res = await api.as(officer).get('/audit/verify');
        expectError(t, res, 503, 'SERVICE_UNAVAILABLE');
        await blocker.query('rollback');
        await waitFor(
          async () =>
            (
              await stack.orm.em
                .fork()
                .execute(
                  `select count(*)::int as n from pg_stat_activity where datname = current_database() and query like '%from "audit_links"%' and state = 'active' and pid <> pg_backend_pid()`,
                )
            )[0].n === 0,
          'the held batch to be read',
        );
        // Read on for nobody, the walk would send its next batches within moments.
        await new Promise((r) => setTimeout(r, 1000));
      });
      t.is(batches, 1, 'only the batch that was held');
    } finally {
      await blocker.end();
    }
    // The next request walks the whole chain again.
    t.true(expectData(t, await api.as(officer).get('/audit/verify')).valid);
  },
);
