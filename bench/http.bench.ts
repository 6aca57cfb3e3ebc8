import Fastify from 'fastify';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../api/app.js';
import { loadConfig } from '../shared/config/index.js';
import { uuidv7 } from '../shared/ids.js';
import { signWebhook } from '../shared/domain/registry/signature.js';
import { ratioLine, withBenchDatabase } from './harness.js';

const REQUESTS = Number(process.env.BENCH_HTTP_REQUESTS ?? 2000);
const CONCURRENCY = 16;

async function rate(app: FastifyInstance, request: () => InjectOptions): Promise<number> {
  for (let i = 0; i < 100; i++) await app.inject(request()); // warm-up
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next++ < REQUESTS) {
      const res = await app.inject(request());
      if (res.statusCode >= 300) throw new Error(`benchmark request failed: ${res.statusCode} ${res.body}`);
    }
  }));
  return REQUESTS / ((performance.now() - started) / 1000);
}

/**
 * Requests per second through the whole app (in-process inject, so the network is not measured)
 * against a bare Fastify route answering a body of the same shape, in the same run:
 * an authenticated read (token check, session and permissions from PostgreSQL) and an audited
 * write (signature check, transaction with change, outbox row and audit entry).
 */
export async function benchHttp(): Promise<{ line: string }> {
  return withBenchDatabase(async (orm, base) => {
    const config = loadConfig({
      NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: base.DATABASE_URL, DATABASE_POOL_MAX: '10',
      REDIS_PREFIX: `{bench-${randomBytes(3).toString('hex')}}`, RATE_LIMIT_MAX: '1000000', RATE_LIMIT_WEBHOOK_MAX: '1000000',
    });
    const app = await buildApp({ config, orm, logger: false });
    const bare = Fastify();
    bare.get('/me', async () => ({ data: { id: uuidv7(), email: 'x@example.test', roles: [], permissions: ['audit:read'] }, meta: { requestId: uuidv7() } }));
    bare.post('/write', async (_req, reply) => reply.code(201).send({ data: { eventId: uuidv7(), status: 'queued' }, meta: { requestId: uuidv7() } }));
    try {
      await app.ready();
      const em = orm.em.fork();
      const userId = uuidv7();
      const familyId = uuidv7();
      await em.execute(`insert into users (id, email, name, status) values (?, ?, 'Bench', 'active')`, [userId, `bench-${userId}@example.test`]);
      await em.execute(`insert into user_roles (user_id, role_id) values (?, '00000000-0000-7000-8000-000000000005')`, [userId]);
      await em.execute(`insert into auth_sessions (family_id, user_id, refresh_hash, expires_at, absolute_expires_at) values (?, ?, ?, now() + interval '1 day', now() + interval '1 day')`, [familyId, userId, randomBytes(16).toString('hex')]);
      const token = app.jwt.sign({ sub: userId, sid: familyId, jti: uuidv7() });

      const readApp = await rate(app, () => ({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } }));
      const readBare = await rate(bare, () => ({ method: 'GET', url: '/me' }));
      const signed = () => {
        const body = JSON.stringify({ eventId: `evt-${uuidv7()}`, type: 'registry.heartbeat', occurredAt: new Date().toISOString(), data: {} });
        const id = JSON.parse(body).eventId as string;
        const ts = Math.floor(Date.now() / 1000);
        return {
          method: 'POST' as const, url: '/webhooks/registry', payload: body,
          headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook(config.REGISTRY_WEBHOOK_SECRET, id, ts, body) },
        };
      };
      const writeApp = await rate(app, signed);
      const writeBare = await rate(bare, () => ({ method: 'POST', url: '/write', payload: { a: 1 } }));
      return {
        line: [
          ratioLine('authenticated read (GET /auth/me)', { label: 'app', perSecond: readApp }, { label: 'bare Fastify', perSecond: readBare }),
          ratioLine('audited write (POST /webhooks/registry)', { label: 'app', perSecond: writeApp }, { label: 'bare Fastify', perSecond: writeBare }),
        ].join('\n'),
      };
    } finally {
      await app.close();
      await bare.close();
      await app.redis.quit().catch(() => undefined);
    }
  });
}
