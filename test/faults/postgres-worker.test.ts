import test from 'ava';
import pg from 'pg';
import { createOrm } from '../../shared/domains.js';
import { prepareDatabase } from '../../shared/prepare-database.js';
import { given } from '../helpers/given.js';
import { createDatabase, type PrivatePostgres, privatePostgres } from '../helpers/private-postgres.js';
import { type Stack, startStack, testConfig, waitFor } from '../helpers/stack.js';

/**
 * The worker's side of a PostgreSQL restart: the outbox relay opens its LISTEN again by itself (with
 * polling set to a minute, only the notification can move a new row at once), and a job that runs
 * while the database is down waits and runs again once it is back, without spending its attempts.
 */
let server: PrivatePostgres;
let stack: Stack;
test.before(async () => {
  server = await privatePostgres();
  await createDatabase(server, 'insurance');
  const env = { DATABASE_URL: server.url('insurance'), OUTBOX_POLL_MS: '60000' };
  const orm = await createOrm(testConfig('insurance', env), 'test-migrate');
  await prepareDatabase(orm, testConfig('insurance', env));
  await orm.close();
  stack = await startStack({ database: 'insurance', env, workers: true });
});
test.after.always(async () => {
  await stack?.close();
  await server?.destroy();
});

const query = async (text: string, values: unknown[] = []) => {
  const c = new pg.Client({ connectionString: server.url('insurance') });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
};

test.serial(
  'after a restart the relay LISTENs again: a new outbox row is relayed at once, not at the next poll',
  async (t) => {
    const user = await given.user(stack);
    await server.stop('immediate');
    await server.start();
    await waitFor(
      async () =>
        (await query(`select 1 from pg_stat_activity where application_name = 'outbox-relay'`).catch(() => [])).length,
      'the relay to LISTEN again',
    );
    const sent = await stack.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: user.email },
    });
    t.is(sent.statusCode, 202);
    const rows = await waitFor(
      async () => {
        const r = await query(`select dispatched_at from outbox where queue = 'mail' order by created_at desc limit 1`);
        return r[0]?.dispatched_at ? r : undefined;
      },
      'the mail job to be relayed',
      5000,
    );
    t.truthy(rows[0].dispatched_at);
  },
);

test.serial(
  'a job that runs while PostgreSQL is down waits and runs once it is back, with no attempt spent',
  async (t) => {
    const queue = stack.workers!.queues.get('maintenance');
    await server.stop('immediate');
    const job = await queue.add('purge-idempotency', {}, { attempts: 2 });
    await waitFor(async () => (await queue.getJob(job.id!))?.attemptsStarted, 'the job to be tried');
    await new Promise((r) => setTimeout(r, 1500));
    t.is(await (await queue.getJob(job.id!))!.getState(), 'delayed', 'deferred, not failed');
    await server.start();
    const done = await waitFor(
      async () => {
        // State first, then the record: a record read before the state could be the one of the
        // running attempt, read before its end counted it.
        if ((await queue.getJobState(job.id!)) !== 'completed') return undefined;
        return queue.getJob(job.id!);
      },
      'the job to complete',
      40_000,
    );
    // Tried more often than its two attempts allow: the runs the outage cut short did not count.
    t.true(done.attemptsStarted > 2, `started ${done.attemptsStarted} times`);
    t.is(done.attemptsMade, 1, 'one attempt made: the one that succeeded');
  },
);
