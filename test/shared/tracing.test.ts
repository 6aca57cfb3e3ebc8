import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app.js';
import { createOrm } from '../../shared/domains.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { startWorkers, type WorkerHandle } from '../../workers/main.js';
import { createTestDatabase, testConfig, waitFor } from '../helpers/stack.js';
import { postRegistryEvent } from '../helpers/webhooks.js';

/**
 * OpenTelemetry traces: a request continues an incoming traceparent (or starts a trace), the jobs it
 * causes continue it in turn, and every log line of the request and of those jobs carries the one trace
 * id beside requestId and jobId. With OTEL_EXPORTER_OTLP_ENDPOINT the spans go there over OTLP/HTTP.
 */
const lines: Record<string, unknown>[] = [];
let app: FastifyInstance;
let workers: WorkerHandle;
let closeAll: () => Promise<void>;
test.before(async () => {
  const database = await createTestDatabase();
  const config = testConfig(database, { LOG_LEVEL: 'info' });
  const orm = await createOrm(config, 'test');
  app = await buildApp({ config, orm, logDestination: { write: (line) => void lines.push(JSON.parse(line)) } });
  await app.ready();
  workers = await startWorkers({ config, orm, log: app.log as never });
  closeAll = async () => {
    await workers.close();
    await app.close();
    await orm.close();
  };
});
test.after.always(async () => {
  await closeAll?.();
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const incoming = (traceId = TRACE_ID) => `00-${traceId}-00f067aa0ba902b7-01`;

test.serial(
  'a request continues an incoming traceparent, and the jobs it causes share its trace id in every log line',
  async (t) => {
    const email = `traced-${uuidv7()}@example.test`;
    await app.orm.em
      .fork()
      .execute(`insert into users (id, email, name, status) values (?, ?, 'Traced', 'active')`, [uuidv7(), email]);
    const res = await app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { traceparent: incoming() },
      payload: { email },
    });
    t.is(res.statusCode, 202, res.body);
    const requestId = res.headers['x-request-id'];
    const mail = await waitFor(
      async () => lines.find((l) => l.msg === 'job completed' && l.queue === 'mail' && l.requestId === requestId),
      'the mail job it caused to complete',
    );
    t.is(mail.traceId, TRACE_ID, 'the job continues the trace');
    const requestLines = lines.filter((l) => l.requestId === requestId && l.jobId === undefined);
    t.true(requestLines.length > 0);
    for (const line of requestLines) t.is(line.traceId, TRACE_ID, String(line.msg));
    const jobLines = lines.filter((l) => l.jobId === mail.jobId && l.queue === 'mail');
    t.true(jobLines.length >= 2, 'start and end');
    for (const line of jobLines) t.is(line.traceId, TRACE_ID, String(line.msg));
  },
);

test.serial(
  'without a traceparent a request starts a trace of its own; a registry delivery and its job share it',
  async (t) => {
    const email = `kyc-${uuidv7()}@example.test`;
    await app.orm.em
      .fork()
      .execute(`insert into users (id, email, name, status) values (?, ?, 'Kyc', 'active')`, [uuidv7(), email]);
    const res = await postRegistryEvent(app, {
      eventId: `evt-${uuidv7()}`,
      type: 'identity.verified',
      occurredAt: new Date().toISOString(),
      data: { email },
    });
    t.is(res.statusCode, 201);
    const requestId = res.headers['x-request-id'];
    const line = lines.find((l) => l.requestId === requestId && l.msg === 'request completed');
    const traceId = String(line?.traceId);
    t.regex(traceId, /^[0-9a-f]{32}$/);
    t.not(traceId, '0'.repeat(32));
    const job = await waitFor(
      async () => lines.find((l) => l.msg === 'job completed' && l.queue === 'webhooks' && l.traceId === traceId),
      'the registry job to continue the delivery’s trace',
    );
    t.is(job.job, 'registry-events');
  },
);

test.serial('a malformed traceparent is ignored: the request starts a trace of its own', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/health/live', headers: { traceparent: 'not-a-trace' } });
  t.is(res.statusCode, 200);
  const line = lines.find((l) => l.requestId === res.headers['x-request-id']);
  t.regex(String(line?.traceId), /^[0-9a-f]{32}$/);
});

test.serial(
  'with OTEL_EXPORTER_OTLP_ENDPOINT the spans are sent over OTLP/HTTP, named by route template',
  async (t) => {
    const received: string[] = [];
    const collector = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        received.push(`${req.method} ${req.url} ${body}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    collector.listen(0, '127.0.0.1');
    await once(collector, 'listening');
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const database = await createTestDatabase();
    const config = testConfig(database, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    const orm = await createOrm(config, 'test');
    const exporting = await buildApp({ config, orm, logger: false });
    try {
      await exporting.ready();
      const traceId = `${'a'.repeat(31)}b`;
      t.is(
        (await exporting.inject({ method: 'GET', url: '/health/live', headers: { traceparent: incoming(traceId) } }))
          .statusCode,
        200,
      );
      await exporting.close();
      const sent = await waitFor(
        async () => received.find((r) => r.startsWith('POST /v1/traces')),
        'spans at the collector',
      );
      t.true(sent.includes(traceId), 'the span continues the incoming trace');
      t.true(sent.includes('GET /health/live'), 'named by its route');
    } finally {
      await exporting.close().catch(() => {});
      await orm.close();
      collector.close();
    }
  },
);
