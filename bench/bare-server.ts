import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { uuidv7 } from '../shared/kernel/ids.js';

/**
 * The baselines of the HTTP benchmarks, written by hand: bare Fastify and a pg pool of the app's
 * default size, no logging, no auth. Reads do one primary-key SELECT per request; the registry
 * receiver checks the Standard Webhooks signature (HMAC-SHA256 of "id.timestamp.body", timestamp
 * within five minutes) and stores the event with one INSERT ... ON CONFLICT per request into a copy of
 * the app's table (`bare_registry_events`, made by the benchmark). Started as a process of its own.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const secret = process.env.REGISTRY_WEBHOOK_SECRET ?? '';
const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret);
const app = Fastify();
app.get<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
  const { rows } = await pool.query('select id, email, name, status, created_at from users where id = $1', [
    request.params.id,
  ]);
  if (!rows.length) return reply.code(404).send({ error: { code: 'NOT_FOUND' } });
  return { data: rows[0], meta: { requestId: uuidv7() } };
});
app.get<{ Params: { id: string } }>('/policies/:id', async (request, reply) => {
  const { rows } = await pool.query(
    'select id, policy_number, status, agent_id, insurer_id, holder_name, premium_minor, effective_to from policies where id = $1',
    [request.params.id],
  );
  if (!rows.length) return reply.code(404).send({ error: { code: 'NOT_FOUND' } });
  return { data: rows[0], meta: { requestId: uuidv7() } };
});

app.register(async (scope) => {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  scope.post('/webhooks/registry', async (request, reply) => {
    const raw = request.body as string;
    const id = String(request.headers['webhook-id']);
    const timestamp = String(request.headers['webhook-timestamp']);
    const signature = String(request.headers['webhook-signature'] ?? '');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return reply.code(401).send({ error: 'timestamp' });
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${raw}`).digest();
    const given = Buffer.from(signature.slice(3), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(401).send({ error: 'signature' });
    const event = JSON.parse(raw);
    const { rowCount } = await pool.query(
      `insert into bare_registry_events (event_id, type, occurred_at, payload, status)
       values ($1, $2, $3, $4, 'queued') on conflict (event_id) do nothing`,
      [event.eventId, event.type, event.occurredAt, raw],
    );
    if (!rowCount) return reply.code(409).send({ error: { code: 'CONFLICT' } });
    return reply.code(201).send({ data: { eventId: event.eventId, status: 'queued' }, meta: { requestId: uuidv7() } });
  });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
