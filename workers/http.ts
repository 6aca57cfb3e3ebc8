import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Config } from '../shared/config/index.js';
import { assertPoolLive, type Orm } from '../shared/db/orm.js';
import { DomainError, type ErrorKind, NotFoundError, NotReadyError } from '../shared/kernel/errors.js';
import type { Logger } from '../shared/logger.js';
import { assertMetricsAuthorized } from '../shared/observability/metrics.js';

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

/** The HTTP status of each kind of error this port answers. */
const STATUS: Partial<Record<ErrorKind, number>> = { unavailable: 503, unauthenticated: 401, not_found: 404 };

async function answer(config: Config, handle: Served | undefined, request: IncomingMessage, response: ServerResponse) {
  try {
    const path = request.url?.split('?')[0];
    // The port opens before the workers start (a port in use stops the process before any job runs).
    if (!handle) throw new NotReadyError({ starting: true });
    if (request.method === 'GET' && path === '/health/live') {
      await assertPoolLive(handle.orm, config.LIVENESS_POOL_STALL_S);
      return send(response, 200, { data: { status: 'ok' } });
    }
    if (request.method === 'GET' && path === '/metrics' && config.METRICS_TOKEN) {
      assertMetricsAuthorized(request.headers.authorization, config.METRICS_TOKEN);
      const text = await handle.metrics.metrics();
      response.writeHead(200, { 'content-type': handle.metrics.contentType });
      return response.end(text);
    }
    throw new NotFoundError(`No route ${request.method} ${path}`);
  } catch (err) {
    const status = err instanceof DomainError ? STATUS[err.kind] : undefined;
    if (!(err instanceof DomainError) || !status) throw err;
    const error = {
      code: err.code,
      message: err.message,
      ...(err.details === undefined ? {} : { details: err.details }),
    };
    return send(response, status, { error });
  }
}

function send(response: ServerResponse, status: number, body: object) {
  const requestId = randomUUID();
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId });
  response.end(JSON.stringify({ ...body, meta: { requestId } }));
}
