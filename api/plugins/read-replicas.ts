import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { openReadReplicas } from '../../shared/db/open-replicas.js';
import type { Act } from '../../shared/kernel/act.js';
import type { Logger } from '../../shared/logger.js';
import { replicaMetrics } from '../../shared/observability/replica-metrics.js';
import { addRouteHook, answers } from '../http/route-hooks.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Where a signed-in caller's GET reads: the primary if it wrote within READ_YOUR_WRITES_MS (asked
     * with the request's other Redis reads), else a replica. Unset: the primary.
     */
    readsFrom?: Promise<'replica' | 'primary'>;
  }
}

const READS = new Set(['GET', 'HEAD']);
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The read replicas of DATABASE_READ_URL, and read-your-writes: a caller (user or machine client) who
 * wrote within READ_YOUR_WRITES_MS reads from the primary, so a GET right after its own POST or PATCH
 * sees it whatever a replica's lag. A write marks its caller before its answer leaves, in this
 * process and in Redis (so every web process knows); a GET asks both. Redis not answering means "wrote
 * lately": the read goes to the primary. Without DATABASE_READ_URL this plugin does nothing.
 */
export default fp(async (app) => {
  const { config } = app;
  const replicas = await openReadReplicas(app.orm, config, app.log as unknown as Logger);
  if (!replicas) return;
  app.deps.replicas = replicas;
  replicaMetrics(app.metrics, replicas);
  replicas.start();
  app.addHook('onClose', async () => replicas.stop());

  const window = config.READ_YOUR_WRITES_MS;
  const keyOf = (callerId: string) => `${config.REDIS_PREFIX}:wrote:${callerId}`;
  /** Callers who wrote through this process, with when their window ends: known at once, even while Redis is away. */
  const writers = new Map<string, number>();
  const wroteHere = (callerId: string) => (writers.get(callerId) ?? 0) > Date.now();

  // A GET's route hook, once the token is checked (auth's onRequest) and the request counted by the rate limit.
  addRouteHook(
    app,
    'onRequest',
    answers(...READS),
    (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      const pending = request.pendingCaller;
      if (READS.has(request.method) && pending && 'claims' in pending) {
        const callerId = pending.claims.sub;
        request.readsFrom =
          window === 0
            ? Promise.resolve('replica')
            : wroteHere(callerId)
              ? Promise.resolve('primary')
              : app.requestRedis.exists(keyOf(callerId)).then(
                  (n) => (n > 0 ? 'primary' : 'replica'),
                  () => 'primary',
                );
      }
      done();
    },
  );

  // A write (whatever its outcome: a failed one may still have committed part of its work) marks its
  // caller before the answer is sent.
  addRouteHook(
    app,
    'onSend',
    answers(...WRITES),
    async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      if (window === 0 || READS.has(request.method) || !request.principal) return payload;
      const callerId = request.principal.userId;
      writers.set(callerId, Date.now() + window);
      if (writers.size > 10_000) for (const [id, until] of writers) if (until <= Date.now()) writers.delete(id);
      await app.requestRedis.set(keyOf(callerId), '1', 'PX', window).catch((err) => {
        request.log.warn({ err }, 'read-your-writes: could not mark the write in Redis; this process still knows it');
      });
      return payload;
    },
  );
});

/** Where the reads of a GET may go: `{ reads: 'replica' }` unless its caller wrote lately (or nothing can say). */
export async function readsOf(request: FastifyRequest): Promise<Pick<Act, 'reads'>> {
  if (!request.server.deps.replicas || !request.readsFrom) return {};
  return (await request.readsFrom) === 'replica' ? { reads: 'replica' } : {};
}
