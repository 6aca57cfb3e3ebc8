import Fastify from 'fastify';
import pg from 'pg';
import { uuidv7 } from '../shared/kernel/ids.js';

/**
 * The baseline of the HTTP benchmark: bare Fastify and a pg pool of the app's default size, one
 * primary-key SELECT per request, no logging, no auth. Started as a process of its own.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
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
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
