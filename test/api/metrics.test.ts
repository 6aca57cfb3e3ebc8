import test from 'ava';
import { Heartbeats } from '../../shared/observability/heartbeats.js';
import { sqlOn } from '../helpers/db.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

/**
 * /metrics on the web port (Prometheus text) for a scraper holding METRICS_TOKEN, and /health's view
 * of the work: live workers per queue (heartbeats), the outbox and audit backlogs, degraded (still
 * 200) when a queue has work and no worker or a backlog is older than LAG_ALERT_S.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let stack: Stack;
test.before(async () => {
  stack = await startStack({ env: { METRICS_TOKEN: TOKEN, LAG_ALERT_S: '30' } });
});
test.after.always(async () => {
  await stack?.close();
});

const scrape = async () => {
  const res = await stack.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  return { res, text: res.body };
};
/** The value of the series `name` whose labels include `labels` (in any order), or undefined when there is none. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}
/** A change through the API: its audit entry stays unchained (no worker runs here). */
async function unchainedAuditEntry() {
  const admin = await given.admin(stack);
  const res = await stack.app.inject({
    method: 'POST',
    url: '/roles',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { name: `metrics-${crypto.randomUUID()}` },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}
const claimsRoute = (status: string) => ({ route: '/claims/:id', method: 'GET', status, process_type: 'web' });

test.serial('/metrics answers 401 UNAUTHENTICATED in the envelope without the token or with another', async (t) => {
  for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all-xxxxx' }, { authorization: TOKEN }]) {
    const res = await stack.app.inject({ method: 'GET', url: '/metrics', headers });
    t.is(res.statusCode, 401);
    t.is(res.json().error.code, 'UNAUTHENTICATED');
    t.false(res.body.includes('process_'), 'no metric leaks');
  }
});

test.serial(
  'HTTP requests are counted and timed by route template, method and status, never by the path itself',
  async (t) => {
    const id = '01a21a00-0000-7000-8000-000000000abc';
    const admin = await given.admin(stack);
    const before = seriesValue((await scrape()).text, 'http_requests_total', claimsRoute('404')) ?? 0;
    for (let i = 0; i < 3; i++)
      await stack.app.inject({
        method: 'GET',
        url: `/claims/${id}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
    await stack.app.inject({ method: 'GET', url: `/no-such-path/${id}` });
    const { res, text } = await scrape();
    t.is(res.statusCode, 200);
    t.regex(res.headers['content-type'] as string, /^text\/plain/);
    t.is(seriesValue(text, 'http_requests_total', claimsRoute('404')), before + 3);
    t.true((seriesValue(text, 'http_request_duration_seconds_count', claimsRoute('404')) ?? 0) >= 3);
    t.not(seriesValue(text, 'http_request_duration_seconds_bucket', { ...claimsRoute('404'), le: '0.05' }), undefined);
    t.true(
      (seriesValue(text, 'http_requests_total', {
        route: 'unmatched',
        method: 'GET',
        status: '404',
        process_type: 'web',
      }) ?? 0) >= 1,
    );
    t.false(text.includes(id), 'no id in a label');
    t.regex(text, /process_resident_memory_bytes\{process_type="web"\} \d+/);
    t.regex(text, /nodejs_eventloop_lag_seconds\{process_type="web"\}/);
  },
);

test.serial(
  'the system state: jobs per queue and state, live workers per queue, outbox and audit backlogs',
  async (t) => {
    const sql = sqlOn(stack);
    await sql(
      `insert into outbox (id, queue, job_name, payload, created_at) values (gen_random_uuid(), 'mail', 'send', '{}', now() - interval '50 seconds')`,
    );
    await stack.app.queues.get('renewals').add('generate-renewals', {}, { delay: 60_000 });
    // Nothing chains audit entries here (no worker): this change's entry waits.
    await unchainedAuditEntry();
    const beats = new Heartbeats(stack.app.redis, stack.config.REDIS_PREFIX, ['mail']);
    await beats.start();
    try {
      const { text } = await scrape();
      t.is(seriesValue(text, 'backoffice_system_state_up'), 1);
      t.true((seriesValue(text, 'backoffice_outbox_lag_seconds') ?? 0) >= 50);
      t.true((seriesValue(text, 'backoffice_outbox_pending_rows') ?? 0) >= 1);
      t.true((seriesValue(text, 'backoffice_audit_unchained_entries') ?? 0) >= 1);
      t.not(seriesValue(text, 'backoffice_audit_chain_lag_seconds'), undefined);
      t.is(seriesValue(text, 'backoffice_jobs', { queue: 'renewals', state: 'delayed' }), 1);
      t.is(seriesValue(text, 'backoffice_jobs', { queue: 'renewals', state: 'failed' }), 0);
      t.is(seriesValue(text, 'backoffice_workers_live', { queue: 'mail' }), 1);
      t.is(seriesValue(text, 'backoffice_workers_live', { queue: 'renewals' }), 0);
    } finally {
      await beats.stop();
      await sql(`update outbox set dispatched_at = now() where dispatched_at is null`);
      await stack.app.queues.get('renewals').obliterate({ force: true });
    }
    const { text } = await scrape();
    t.is(seriesValue(text, 'backoffice_workers_live', { queue: 'mail' }), 0, 'a worker that stopped leaves at once');
  },
);

test.serial('/health is degraded, still 200, while a queue has work and no live worker, and says so', async (t) => {
  const queue = stack.app.queues.get('quotations');
  await queue.add('expire', {});
  const beats = new Heartbeats(stack.app.redis, stack.config.REDIS_PREFIX, ['quotations']);
  try {
    const res = await stack.app.inject({ method: 'GET', url: '/health' });
    t.is(res.statusCode, 200);
    t.is(res.json().data.status, 'degraded');
    t.deepEqual(res.json().data.problems, ['queue quotations has 1 job(s) and no live worker']);
    t.is(res.json().data.work.liveWorkers.quotations, 0);
    await beats.start();
    const served = await stack.app.inject({ method: 'GET', url: '/health' });
    t.is(served.json().data.status, 'ok');
    t.deepEqual(served.json().data.problems, []);
    t.is(served.json().data.work.liveWorkers.quotations, 1);
  } finally {
    await beats.stop();
    await queue.obliterate({ force: true });
  }
});

test.serial('/health is degraded when the outbox or the audit chain lags more than LAG_ALERT_S', async (t) => {
  const sql = sqlOn(stack);
  await sql(
    `insert into outbox (id, queue, job_name, payload, created_at) values (gen_random_uuid(), 'mail', 'send', '{}', now() - interval '45 seconds')`,
  );
  try {
    const res = await stack.app.inject({ method: 'GET', url: '/health' });
    t.is(res.json().data.status, 'degraded');
    t.true(
      res.json().data.problems.some((p: string) => /^outbox: oldest of \d+ unrelayed row\(s\) is 4\d s old$/.test(p)),
    );
    t.true(res.json().data.work.outbox.lagSeconds >= 45);
  } finally {
    await sql(`update outbox set dispatched_at = now() where dispatched_at is null`);
  }
  await unchainedAuditEntry();
  await sql(
    `update audit_entries a set occurred_at = now() - interval '40 seconds' where not exists (select from audit_links l where l.entry_id = a.id)`,
  );
  const audit = await stack.app.inject({ method: 'GET', url: '/health' });
  t.true(
    audit.json().data.problems.some((p: string) => /^audit: oldest of \d+ unchained entr\(ies\) is \d+ s old$/.test(p)),
  );
});

test.serial(
  'a flood of /health probes reads the system state once per SYSTEM_STATE_CACHE_MS, not once per probe',
  async (t) => {
    const cached = await startStack({ env: { SYSTEM_STATE_CACHE_MS: '60000' } });
    try {
      const pending = async () =>
        (await cached.app.inject({ method: 'GET', url: '/health' })).json().data.work.outbox.pending as number;
      const first = await pending();
      await sqlOn(cached)(
        `insert into outbox (id, queue, job_name, payload) values (gen_random_uuid(), 'mail', 'send', '{}')`,
      );
      const probes = await Promise.all(Array.from({ length: 20 }, pending));
      t.deepEqual(new Set(probes), new Set([first]), 'every probe in the window is answered from the one read');
      t.is(await pending(), first);
      // With no window, the next probe sees the row.
      t.is((await stack.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    } finally {
      await cached.close();
    }
  },
);
