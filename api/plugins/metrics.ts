import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { createRegistry, httpMetrics, systemGauges } from '../../shared/observability/metrics.js';
import { readSystemState, type SystemState, sharedSystemState } from '../../shared/observability/system-state.js';
import { routeOf } from '../http/route-of.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus registry, served at /metrics (routes/health). */
    metrics: Registry;
    /** The system's state, read at most once per SYSTEM_STATE_CACHE_MS per process (for /health and /metrics). */
    systemState: () => Promise<SystemState>;
  }
}

/**
 * Prometheus metrics of the web process: every answered request by route template (`/claims/:id`,
 * never the id itself, so the series stay few; `unmatched` for unknown paths), method and status,
 * plus the system's state read at each scrape. `registry`: one shared with the workers of the same
 * process (`npm start`).
 */
export default fp<{ registry?: Registry }>(async (app, opts) => {
  const registry = opts.registry ?? createRegistry('web');
  const http = httpMetrics(registry);
  const systemState = sharedSystemState(() => readSystemState(app.orm, app.queues), app.config.SYSTEM_STATE_CACHE_MS);
  systemGauges(registry, systemState);
  app.decorate('metrics', registry);
  app.decorate('systemState', systemState);
  app.addHook('onResponse', (request, reply, done) => {
    http.observe(routeOf(request).url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
});
