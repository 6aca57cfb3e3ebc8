import { readFile, writeFile } from 'node:fs/promises';
import test, { type ExecutionContext } from 'ava';
import { pino } from 'pino';
import type { TSchema } from 'typebox';
import { loadConfig } from '../../shared/config/index.js';
import { catalogued, checkJob, InvalidJobError, type JobSpec, job } from '../../shared/jobs/catalogue.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { type JobInput, UnitOfWork } from '../../shared/kernel/unit-of-work.js';
import { startWorkers, type WorkerHandle } from '../../workers/main.js';
import { schedules } from '../../workers/schedulers.js';
import { client } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';

let stack: Stack;
let workers: WorkerHandle;
/** The workers' log lines, parsed. */
const logged: Record<string, unknown>[] = [];
test.before(async () => {
  stack = await startStack();
  // No relay loop and no schedules: the tests drain the outbox themselves and see only their own jobs.
  workers = await startWorkers({
    config: stack.config,
    orm: stack.orm,
    log: pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) }),
    relay: false,
    schedulers: false,
  });
});
test.after.always(async () => {
  await workers?.close();
  await stack?.close();
});

const sql = async (query: string, params: unknown[] = []) => stack.orm.em.fork().execute(query, params);
const count = async (query: string, params: unknown[] = []) => Number((await sql(query, params))[0].n);

/** A user created and a job produced in one unit of work: a refused job must take the user with it. */
async function produce(jobs: JobInput[]) {
  const id = uuidv7();
  const run = new UnitOfWork(stack.orm, { checkJob }).run({ actor: 'system' }, async (em) => {
    await em.execute(`insert into users (id, email, name) values (?, ?, 'Job Producer')`, [id, `${id}@example.test`]);
    return { result: id, audit: { action: 'user.create', subjectType: 'user', subjectId: id }, jobs };
  });
  return { id, run };
}

async function nothingWritten(t: ExecutionContext, id: string) {
  t.is(await count(`select count(*)::int as n from users where id = ?`, [id]), 0, 'no change');
  t.is(await count(`select count(*)::int as n from audit_entries where subject_id = ?`, [id]), 0, 'no audit entry');
  t.is(
    await count(`select count(*)::int as n from outbox where payload::text like ?`, [`%${id}%`]),
    0,
    'no outbox row',
  );
}

test('a unit of work producing an unknown job fails and writes nothing', async (t) => {
  const { id, run } = await produce([{ queue: 'mail', name: 'sned', payload: { resetId: uuidv7() } }]);
  const error = await t.throwsAsync(run, { instanceOf: InvalidJobError });
  t.regex(error!.message, /Unknown job mail\.sned/);
  await nothingWritten(t, id);
});

test('a unit of work producing a job with an invalid payload fails, writes nothing and does not echo the values', async (t) => {
  const email = 'someone@example.test';
  const { id, run } = await produce([
    job('mail.send', { kind: 'password_reset', resetId: uuidv7() }),
    { queue: 'mail', name: 'send', payload: { kind: 'password_reset', resetId: 'not-a-uuid', email } },
  ]);
  const error = await t.throwsAsync(run, { instanceOf: InvalidJobError });
  t.regex(error!.message, /Invalid payload for job mail\.send/);
  t.regex(error!.message, /resetId/);
  t.false(error!.message.includes(email), 'personal data is not copied into the error');
  await nothingWritten(t, id);
});

test('job() is typed by the catalogue', (t) => {
  // Never called: TypeScript (npm run typecheck) is the assertion.
  const typed = (resetId: string) => [
    job('mail.send', { kind: 'password_reset', resetId }),
    // @ts-expect-error an unknown job
    job('mail.sned', { kind: 'password_reset', resetId }),
    // @ts-expect-error a missing field
    job('mail.send', { kind: 'password_reset' }),
    // @ts-expect-error a field the catalogue does not name
    job('webhooks.registry-event', { eventId: 'evt-1', email: 'someone@example.test' }),
  ];
  t.is(typeof typed, 'function');
  t.deepEqual(job('webhooks.registry-event', { eventId: 'evt-1' }), {
    queue: 'webhooks',
    name: 'registry-event',
    payload: { eventId: 'evt-1' },
  });
});

test('every schedule produces a catalogued job with a valid payload', (t) => {
  for (const s of schedules(stack.config)) {
    const { queue, name, payload } = job(s.job, s.payload);
    t.notThrows(() => checkJob(queue, name, payload), s.id);
  }
  t.throws(() => checkJob('audit', 'chain', { since: 1 }), {
    instanceOf: InvalidJobError,
    message: /Invalid payload for job audit\.chain/,
  });
});

/** The job once it has finished (its snapshot, taken after it left the active set). */
async function finished(queue: 'mail' | 'webhooks' | 'maintenance', id: string) {
  return waitFor(async () => {
    const found = await workers.queues.get(queue).getJob(id);
    return found?.finishedOn ? found : undefined;
  }, `job ${id} finished`);
}

test('the worker fails a job with an invalid payload at once, as unrecoverable, and keeps it in the failed set', async (t) => {
  // A producer outside the catalogue (an old release, a hand-added job): the worker checks again.
  const added = await workers.queues.get('mail').add('send', { kind: 'password_reset', resetId: 'not-a-uuid' });
  const failed = await finished('mail', added.id!);
  t.true(await failed.isFailed());
  t.is(failed.opts.attempts, 5, 'it had retries left');
  t.is(failed.attemptsMade, 1, 'none was used');
  t.regex(String(failed.failedReason), /Invalid payload for job mail\.send: \/resetId/);
  t.true((await workers.queues.get('mail').getFailed()).some((j) => j.id === added.id));
});

test('the worker fails a job name that is not catalogued as unrecoverable', async (t) => {
  const added = await workers.queues.get('webhooks').add('registry-evnt', { eventId: 'evt-1' });
  const failed = await finished('webhooks', added.id!);
  t.true(await failed.isFailed());
  t.is(failed.attemptsMade, 1);
  t.regex(String(failed.failedReason), /Unknown job webhooks\.registry-evnt/);
});

test('a valid job produced through the outbox still runs', async (t) => {
  const { run } = await produce([job('maintenance.purge-idempotency', {})]);
  await run;
  const [row] = await sql(`select id from outbox where job_name = 'purge-idempotency' and dispatched_at is null`);
  t.truthy(row);
  t.true((await workers.relay.drain()) >= 1);
  const done = await finished('maintenance', row.id);
  t.true(await done.isCompleted());
  t.deepEqual(done.returnvalue, { purged: 0 });
});

test('a job caused by a request runs under its request id and correlation id: its audit entries carry them', async (t) => {
  const user = await given.account(stack);
  const res = await client(stack.app).post(
    '/auth/forgot-password',
    { email: user.email },
    { headers: { 'x-correlation-id': 'forgot-job-1' } },
  );
  t.is(res.statusCode, 202);
  const requestId = res.headers['x-request-id'];
  const [row] = await sql(`select id from outbox where payload->'trace'->>'requestId' = ?`, [requestId]);
  t.truthy(row, 'the job carries the request id');
  t.true((await workers.relay.drain()) >= 1);
  t.true(await (await finished('mail', row.id)).isCompleted());
  const entries = await sql(
    `select action, request_id, correlation_id from audit_entries where subject_id = ? and actor = 'system' order by commit_seq`,
    [user.id],
  );
  t.true(entries.length >= 1, 'the worker audited its work on the user');
  for (const entry of entries)
    t.like(entry, { request_id: requestId, correlation_id: 'forgot-job-1' }, String(entry.action));
});

test("a job's log lines name the request that caused it: a failed job logs its trace, a registry event its delivery's ids", async (t) => {
  const trace = { requestId: uuidv7(), correlationId: 'traced-failure-1' };
  const traced = await workers.queues
    .get('webhooks')
    .add('registry-event', { eventId: `evt-missing-${uuidv7()}`, trace }, { attempts: 1 });
  const delivery = { requestId: uuidv7(), correlationId: 'delivery-failure-1' };
  const own = await workers.queues
    .get('webhooks')
    .add('registry-event', { eventId: `evt-missing-${uuidv7()}`, ...delivery }, { attempts: 1 });
  for (const [job, ids] of [
    [traced, trace],
    [own, delivery],
  ] as const) {
    t.true(await (await finished('webhooks', job.id!)).isFailed());
    const line = await waitFor(
      async () => logged.find((l) => l.msg === 'job failed' && l.jobId === job.id),
      'the job failed line',
    );
    t.like(line, ids);
  }
});

// docs/operations.md lists the catalogue between these markers; UPDATE_DOCS=1 rewrites the list.
const BEGIN = '<!-- job-catalogue: generated from shared/jobs/catalogue.ts by test/workers/jobs.test.ts -->';
const END = '<!-- /job-catalogue -->';

function payloadText(schema: TSchema): string {
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.anyOf)) return (s.anyOf as TSchema[]).map(payloadText).join(' or ');
  if ('const' in s) return JSON.stringify(s.const);
  if (s.type === 'object') {
    const fields = Object.entries(s.properties as Record<string, TSchema>).map(
      ([name, field]) => `${name}: ${payloadText(field)}`,
    );
    return fields.length ? `{ ${fields.join(', ')} }` : '{}';
  }
  if (s.type === 'array') return `[${payloadText(s.items as TSchema)}, ...]`;
  return typeof s.format === 'string' ? s.format : String(s.type);
}

// The documented intervals are the defaults.
const defaults = loadConfig({});

function scheduleText(key: string): string {
  const found = schedules(defaults).filter((s) => s.job === key);
  if (!found.length) return 'from the outbox';
  return found
    .map((s) => {
      if (s.pattern) return `cron \`${s.pattern}\` UTC`;
      const every = s.every === 3600_000 ? 'hourly' : `every ${s.every! / 1000} s`;
      return s.setting ? `${every} (\`${s.setting}\`)` : every;
    })
    .join('; ');
}

test('docs/operations.md lists the job catalogue as it is', async (t) => {
  const rows = catalogued.map(
    (c) =>
      `| ${c.queue} | \`${c.name}\` | \`${payloadText(c.spec.payload)}\` | ${(c.spec as JobSpec).producedBy ?? scheduleText(c.key)} | ${c.spec.does} |`,
  );
  const table = ['| Queue | Job | Payload | Produced | Does |', '|---|---|---|---|---|', ...rows].join('\n');
  const path = new URL('../../docs/operations.md', import.meta.url);
  const docs = await readFile(path, 'utf8');
  const [before, rest] = docs.split(BEGIN);
  t.truthy(rest, `docs/operations.md has the marker ${BEGIN}`);
  const after = rest.slice(rest.indexOf(END));
  const expected = `${before}${BEGIN}\n${table}\n${after}`;
  if (process.env.UPDATE_DOCS && docs !== expected) await writeFile(path, expected);
  t.is(docs, expected, 'run UPDATE_DOCS=1 npm test -- test/workers/jobs.test.ts to regenerate');
});

test('every job logs its start and its end at info, with its id, duration and what it did, and stays in the completed set', async (t) => {
  const queue = workers.queues.get('quotations');
  const job = await queue.add('expire', {});
  await waitFor(async () => (await job.getState()) === 'completed', 'the sweep to complete');
  const lines = logged.filter((l) => l.jobId === job.id && l.queue === 'quotations');
  const started = lines.find((l) => l.msg === 'job started');
  const ended = lines.find((l) => l.msg === 'job completed');
  t.like(started, { level: 30, queue: 'quotations', job: 'expire', attempt: 1 });
  t.like(ended, { level: 30, queue: 'quotations', job: 'expire', outcome: 'completed' });
  t.is(typeof ended?.durationMs, 'number');
  t.regex(String(ended?.summary), /^expired \d+ quotations$/);
  // Kept (the last 1,000 per queue, 7 days): a run started from Bull Board can be looked at after.
  const kept = await queue.getJob(job.id!);
  t.is(await kept?.getState(), 'completed');
  t.like(kept?.returnvalue, { processed: 0, failed: 0 });
  t.like(kept?.opts.removeOnComplete, { age: 7 * 24 * 3600, count: 1000 });
});
