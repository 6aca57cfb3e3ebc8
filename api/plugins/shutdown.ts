import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceUnavailable } from '../http/errors.js';
import { sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** `serving`, then `draining` (SIGTERM: not ready, still listening), then `closing` (the listener closed). */
    shutdownPhase: 'serving' | 'draining' | 'closing';
  }
}

/**
 * Graceful shutdown at the edge. Draining: readiness answers 503 at once (health/probes.ts) so load
 * balancers stop sending, every response still served carries `Connection: close` so keep-alive
 * clients reconnect elsewhere. Closing: a request that still arrives on an open connection is
 * answered 503 SERVICE_UNAVAILABLE in the error envelope with Retry-After (Fastify's own 503 body is
 * switched off), while the requests in flight finish.
 */
export default fp(async (app: FastifyInstance) => {
  app.decorate('shutdownPhase', 'serving' as FastifyInstance['shutdownPhase']);
  // Callback hooks: every request passes them, and while serving they do nothing but one comparison.
  app.addHook('onRequest', (request, reply, done) => {
    if (app.shutdownPhase !== 'closing') return done();
    reply.header('connection', 'close');
    sendError(request, reply, serviceUnavailable('This process is shutting down; retry', 1));
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.shutdownPhase !== 'serving') reply.header('connection', 'close');
    done(null, payload);
  });
});
