import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Registry } from 'prom-client';
import type { Config } from '../shared/config/index.js';
import { poolStalledMs } from '../shared/db/guarded-pool.js';
import type { Orm } from '../shared/db/orm.js';
import type { Logger } from '../shared/logger.js';
import { metricsAuthorized } from '../shared/observability/metrics.js';

/**
 * A worker process's own HTTP port (WORKER_PORT): `/metrics` (its job metrics and process metrics,
 * with METRICS_TOKEN as for the web's) and `/health/live` (503 NOT_LIVE when its database pool has
 * stalled for LIVENESS_POOL_STALL_S, so the supervisor restarts it). Answers in the API's envelopes.
 */
/** What the port shows of the workers: the pool liveness watches, and the registry of their metrics. */
interface Served {
  orm: Orm;
  metrics: Registry;
}

export async function serveWorkerHttp(config: Config, served: () => Served | undefined, log: Logger): Promise<Server> {
  const server = createServer((request, response) => {
    answer(config, served(), request, response).catch((err) => {
      log.error({ err }, 'worker http');
      send(response, 500, { error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' } });
    });
  });
  server.listen(config.WORKER_PORT, config.HOST);
  await once(server, 'listening');
  log.info({ port: (server.address() as AddressInfo).port }, 'worker metrics and liveness listening');
  return server;
}

async function answer(config: Config, handle: Served | undefined, request: IncomingMessage, response: ServerResponse) {
  const path = request.url?.split('?')[0];
  // The port opens before the workers start (a port in use stops the process before any job runs).
  if (!handle) return send(response, 503, { error: { code: 'NOT_READY', message: 'The workers are starting' } });
  if (request.method === 'GET' && path === '/health/live') {
    const pool = await (handle.orm.em.getConnection() as PostgreSqlConnection).getNativeClient();
    const stalledMs = poolStalledMs(pool);
    if (stalledMs > config.LIVENESS_POOL_STALL_S * 1000)
      return send(response, 503, {
        error: {
          code: 'NOT_LIVE',
          message: 'The process cannot serve and will not recover by itself',
          details: { pool: { stalledMs, waiting: pool.waitingCount, total: pool.totalCount, idle: pool.idleCount } },
        },
      });
    return send(response, 200, { data: { status: 'ok' } });
  }
  if (request.method === 'GET' && path === '/metrics' && config.METRICS_TOKEN) {
    if (!metricsAuthorized(request.headers.authorization, config.METRICS_TOKEN))
      return send(response, 401, {
        error: { code: 'UNAUTHENTICATED', message: 'GET /metrics takes Authorization: Bearer <METRICS_TOKEN>' },
      });
    const text = await handle.metrics.metrics();
    response.writeHead(200, { 'content-type': handle.metrics.contentType });
    return response.end(text);
  }
  send(response, 404, { error: { code: 'NOT_FOUND', message: `No route ${request.method} ${path}` } });
}

function send(response: ServerResponse, status: number, body: object) {
  const requestId = randomUUID();
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId });
  response.end(JSON.stringify({ ...body, meta: { requestId } }));
}
