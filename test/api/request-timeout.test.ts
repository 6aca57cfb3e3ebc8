import test from 'ava';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import { sqlOn, unique } from '../helpers/db.js';
import { expectData, expectError } from '../helpers/expect.js';
import { waitFor } from '../helpers/stack.js';

/**
 * REQUEST_TIMEOUT_MS: a request not answered in time is answered 503 and none of its changes commits
 * afterwards; it is also the lease of an Idempotency-Key claim, and a claim taken over by a retry
 * (its lease ran out) can no longer complete: the late request rolls back, the retry's change stands.
 */
const TIMEOUT_MS = 1500;
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s), { env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } });

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const rolesNamed = async (name: string) =>
  (await sql(`select count(*)::int as n from roles where name = ?`, [name]))[0].n as number;
const auditsOf = async (name: string) =>
  (
    await sql(`select count(*)::int as n from audit_entries where action = 'role.create' and summary->>'name' = ?`, [
      name,
    ])
  )[0].n as number;
const claimOf = async (key: string) => (await sql(`select * from idempotency_records where key = ?`, [key]))[0];

/** Holds an exclusive lock on `table` until `release`: requests that write it wait. */
async function holdLock(table: string) {
  const blocker = stack.orm.em.fork();
  await blocker.begin();
  await blocker.execute(`lock table ${table} in access exclusive mode`);
  return {
    release: async () => {
      if (blocker.isInTransaction()) await blocker.rollback();
    },
  };
}

/** How many of this database's sessions wait on a lock: a request blocked by holdLock. */
const waiting = async () =>
  (
    await sql(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )
  )[0].n as number;

test.serial(
  'a write still running at REQUEST_TIMEOUT_MS is answered 503 SERVICE_UNAVAILABLE with Retry-After, and its change never commits after',
  async (t) => {
    const name = `late-${unique()}`;
    const lock = await holdLock('roles');
    let late: Awaited<ReturnType<typeof api.post>>;
    try {
      late = await api.as(admin).post('/roles', { name });
    } finally {
      await lock.release();
    }
    expectError(t, late, 503, 'SERVICE_UNAVAILABLE');
    t.is(late.headers['retry-after'], '1');
    t.regex(late.json().error.message, /nothing of it was applied/);
    // The late request now reaches its commit and rolls back; the same name is then free.
    expectData(t, await api.as(admin).post('/roles', { name }), 201);
    t.is(await rolesNamed(name), 1);
    t.is(await auditsOf(name), 1);
  },
);

test.serial('a request answered in time is not cut off by its timer afterwards', async (t) => {
  const name = `quick-${unique()}`;
  expectData(t, await api.as(admin).post('/roles', { name }), 201);
  await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 200));
  t.is(await rolesNamed(name), 1);
});

test.serial('an Idempotency-Key claim is leased for REQUEST_TIMEOUT_MS, not longer', async (t) => {
  const key = `k-${unique()}`;
  const lock = await holdLock('roles');
  try {
    const pending = api
      .as(admin)
      .post('/roles', { name: `lease-${unique()}` }, { headers: { 'idempotency-key': key } });
    await waitFor(async () => (await claimOf(key))?.state === 'in_progress', 'the request to claim its key');
    const [{ lease }] = await sql(
      `select extract(epoch from locked_until - created_at)::float as lease from idempotency_records where key = ?`,
      [key],
    );
    t.true(lease > 0 && lease <= TIMEOUT_MS / 1000 + 0.1, `lease ${lease} s`);
    await lock.release();
    await pending;
  } finally {
    await lock.release();
  }
});

test.serial(
  'a request whose claim a retry took over after its lease ran out rolls back: the retry applies the change once, and replays say so',
  async (t) => {
    const key = `k-${unique()}`;
    // Quotations have no unique field: without the fence both requests would commit one each.
    const email = `fenced-${unique()}@example.test`;
    const quotationsOf = async () =>
      (await sql(`select count(*)::int as n from quotations where applicant_email = ?`, [email]))[0].n as number;
    const send = () =>
      api.as(admin).post(
        '/quotations',
        {
          productCode: 'MOTOR-COMP',
          agentId: admin.id,
          insurerId: 'insurer-timeout',
          applicant: { name: 'Wanjiru Kamau', email },
          sumInsured: { amountMinor: 2_000_000_00, currency: 'KES' },
        },
        { headers: { 'idempotency-key': key } },
      );
    const lock = await holdLock('quotations');
    let first: ReturnType<typeof send>;
    let retry: ReturnType<typeof send>;
    try {
      first = send();
      await waitFor(async () => (await claimOf(key))?.state === 'in_progress', 'the first request to claim its key');
      // The first request's lease runs out while it still waits (a long pause, a clock jump): a retry takes the key over.
      await sql(`update idempotency_records set locked_until = now() - interval '1 second' where key = ?`, [key]);
      retry = send();
      await waitFor(async () => (await waiting()) >= 2, 'both requests to wait for the lock');
    } finally {
      await lock.release();
    }
    const lost = await first;
    expectError(t, lost, 409, 'IDEMPOTENCY_CONFLICT');
    t.regex(lost.json().error.message, /took it over/);
    const won = expectData(t, await retry, 201);
    t.is(await quotationsOf(), 1);
    const replay = await send();
    t.is(replay.statusCode, 201);
    t.is(replay.headers['idempotent-replayed'], 'true');
    t.is(replay.json().data.id, won.id);
  },
);
