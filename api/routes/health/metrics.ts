import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../../shared/kernel/errors.js';
import { assertMetricsAuthorized } from '../../../shared/observability/metrics.js';

/**
 * GET /metrics: the process's Prometheus registry, for a scraper holding METRICS_TOKEN. Off (404, as
 * an unknown path) when the setting is not there; 401 for any other caller.
 */
export async function metricsRoute(request: FastifyRequest, reply: FastifyReply) {
  const token = request.server.config.METRICS_TOKEN;
  if (!token) throw new NotFoundError(`No route GET ${request.url.split('?')[0]}`);
  assertMetricsAuthorized(request.headers.authorization, token);
  const registry = request.server.metrics;
  return reply.type(registry.contentType).send(await registry.metrics());
}
