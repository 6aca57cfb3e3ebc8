import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { createRegistry, httpMetrics, systemGauges } from '../../shared/observability/metrics.js';
import { readSystemState } from '../../shared/observability/system-state.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus registry, served at /metrics (routes/health). */
    metrics: Registry;
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
  systemGauges(registry, () => readSystemState(app.orm, app.queues));
  app.decorate('metrics', registry);
  app.addHook('onResponse', (request, reply, done) => {
    http.observe(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
});
