import { once } from 'node:events';
import test from 'ava';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { sqlOn, unique } from '../helpers/db.js';
import { given } from '../helpers/given.js';
import { freePort } from '../helpers/ports.js';
import { type Service, spawnWeb, spawnWorker, stackEnv } from '../helpers/processes.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';
import { postRegistryEvent } from '../helpers/webhooks.js';

/**
 * Processes killed with SIGKILL, mid-request and mid-job, on real PostgreSQL and Redis. A web process
 * killed while a request holds its Idempotency-Key: the key answers 409 in progress with Retry-After
 * until its lease (REQUEST_TIMEOUT_MS) runs out, then the client's retry applies the change once, with
 * its audit entry. A worker killed mid-job: its transaction rolls back, another worker finds the job
 * stalled (within 1.5 times JOB_LOCK_MS) and runs it again, once, and its effects are applied once.
 */
let stack: Stack;
const services: Service[] = [];
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await Promise.all(services.map((s) => s.stop()));
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const count = async (query: string, params: unknown[]) =>
  (await sql(`select count(*)::int as n from ${query}`, params))[0].n as number;

/** A connection of the test's own, holding locks until it rolls back. */
async function blocker() {
  const client = new pg.Client({ connectionString: stack.config.DATABASE_URL });
  await client.connect();
  await client.query('begin');
  return client;
}

/** Sessions of this database, other than the test's, waiting on a lock. */
const waitingOnLocks = () =>
  count(`pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`, []);

test.serial(
  'a web process killed mid-request: its key answers 409 with Retry-After until the lease ends, then the retry applies the change once',
  async (t) => {
    const leaseMs = 2000;
    const admin = await given.admin(stack);
    const port = await freePort();
    const web = await spawnWeb(port, { ...stackEnv(stack), REQUEST_TIMEOUT_MS: String(leaseMs) });
    services.push(web);
    const key = `k-${unique()}`;
    const email = `killed-${unique()}@example.test`;
    const body = {
      productCode: 'MOTOR-COMP',
      agentId: admin.id,
      insurerId: 'insurer-killed',
      applicant: { name: 'Wanjiru Kamau', email },
      sumInsured: { amountMinor: 2_000_000_00, currency: 'KES' },
    };
    const send = (base: string) =>
      fetch(`${base}/quotations`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
      });
    const lock = await blocker();
    await lock.query('lock table quotations in access exclusive mode');
    const inFlight = send(`http://127.0.0.1:${port}`).catch((err: Error) => err);
    try {
      await waitFor(async () => (await waitingOnLocks()) >= 1, 'the request to wait inside its transaction');
      const exited = once(web.child, 'exit');
      web.child.kill('SIGKILL');
      await exited;
    } finally {
      await lock.query('rollback');
      await lock.end();
    }
    t.true((await inFlight) instanceof Error, 'the client saw its connection die, with no answer');
    // The client retries against another process (here the test's own app): the key is still held.
    const killedAt = Date.now();
    const held = await stack.app.inject({
      method: 'POST',
      url: '/quotations',
      headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': key },
      payload: body,
    });
    t.is(held.statusCode, 409);
    t.is(held.json().error.code, 'IDEMPOTENCY_CONFLICT');
    t.is(held.headers['retry-after'], '1');
    t.is(await count('quotations where applicant_email = ?', [email]), 0, 'nothing of the killed request committed');

    const retried = await waitFor(async () => {
      const res = await stack.app.inject({
        method: 'POST',
        url: '/quotations',
        headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': key },
        payload: body,
      });
      return res.statusCode === 201 ? res : undefined;
    }, 'the retry to take the key over');
    // Generous for a loaded machine: what it tells apart is the lease (2 s) from the 60 s a killed holder's key would wait otherwise.
    t.true(Date.now() - killedAt <= leaseMs + 10_000, 'free again once the lease ran out, not after 60 s');
    const id = retried.json().data.id;
    t.is(await count('quotations where applicant_email = ?', [email]), 1);
    t.is(await count(`audit_entries where subject_id = ? and action = 'quotation.request'`, [id]), 1);
    const replay = await stack.app.inject({
      method: 'POST',
      url: '/quotations',
      headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': key },
      payload: body,
    });
    t.is(replay.headers['idempotent-replayed'], 'true');
    t.is(replay.json().data.id, id);
  },
);

test.serial(
  'a worker killed mid-job: the job is found stalled and runs again once in another worker, its effects applied once',
  async (t) => {
    const env = { ...stackEnv(stack), JOB_LOCK_MS: '1500' };
    const first = await spawnWorker(env);
    services.push(first);
    const userId = uuidv7();
    await sql(`insert into users (id, email, name, status) values (?, ?, 'Kyc Person', 'active')`, [
      userId,
      `kyc-${unique()}@example.test`,
    ]);
    // The job claims its event, then waits for this lock on the user it changes.
    const lock = await blocker();
    await lock.query('select id from users where id = $1 for update', [userId]);
    const event = {
      eventId: `evt-${uuidv7()}`,
      type: 'identity.verified',
      occurredAt: new Date().toISOString(),
      data: { userId, reference: 'REG-KILLED' },
    };
    try {
      t.is((await postRegistryEvent(stack.app, event)).statusCode, 201);
      await waitFor(async () => (await waitingOnLocks()) >= 1, 'the job to wait inside its transaction');
      const exited = once(first.child, 'exit');
      first.child.kill('SIGKILL');
      await exited;
    } finally {
      await lock.query('rollback');
      await lock.end();
    }
    const status = async () => (await sql(`select status from registry_events where event_id = ?`, [event.eventId]))[0];
    t.is((await status()).status, 'queued', "the killed job's transaction rolled back");

    const killedAt = Date.now();
    const second = await spawnWorker(env);
    services.push(second);
    await waitFor(async () => (await status()).status === 'processed', 'the job to run again in the second worker');
    // JOB_LOCK_MS is 1500 here: the job is back in seconds; the contract's bound, with the default 30 s, is 60 s.
    t.true(Date.now() - killedAt < 60_000, 'back within 60 s of the kill');
    t.is(await count(`audit_entries where action = 'user.kyc_update' and summary->>'eventId' = ?`, [event.eventId]), 1);
    t.is(await count(`audit_entries where action = 'registry_event.process' and subject_id = ?`, [event.eventId]), 1);
    t.is((await sql(`select kyc_status from users where id = ?`, [userId]))[0].kyc_status, 'verified');

    const connection = new Redis(stack.config.REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue('webhooks', { connection, prefix: stack.config.REDIS_PREFIX });
    try {
      const jobs = await queue.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed']);
      const mine = jobs.filter((j) => JSON.stringify(j.data).includes(event.eventId));
      t.is(mine.length, 1, 'one job for the event');
      t.is(await mine[0].getState(), 'completed');
      t.is(mine[0].stalledCounter, 1, 'found stalled once, run again once');
    } finally {
      await queue.close();
      connection.disconnect();
    }
    // Log lines leave in batches, up to 200 ms after they are made.
    await waitFor(async () => /stalled/.test(second.output()), 'the second worker to log the stalled job', 5_000);
    t.regex(second.output(), /stalled/);
  },
);
