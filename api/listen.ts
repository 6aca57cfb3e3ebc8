import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from '../shared/config/index.js';
import type { Orm } from '../shared/db/orm.js';
import { warnWhenMailNotConfigured } from '../shared/domain/mail/index.js';
import { createLogger } from '../shared/logger.js';
import { releaseMemoryWhenIdle } from '../shared/observability/idle-memory.js';
import { onShutdown } from '../shared/process.js';
import { buildApp } from './app.js';
import { isClusterPrimary, runWebCluster } from './cluster.js';

/**
 * Stops accepting, lets in-flight requests finish, then closes pools. Connections that were busy
 * when closing began go idle later; they are closed as they do, instead of waiting out keep-alive.
 */
export async function closeWebServer(app: FastifyInstance): Promise<void> {
  app.shutdownPhase = 'closing';
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

/**
 * SIGTERM: not ready at once, still listening for SHUTDOWN_DELAY_MS (load balancers notice and stop
 * sending; every response says `Connection: close`), then the listener closes and what is in flight
 * finishes.
 */
export async function drainAndClose(app: FastifyInstance, config: Pick<Config, 'SHUTDOWN_DELAY_MS'>): Promise<void> {
  app.shutdownPhase = 'draining';
  await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
  await closeWebServer(app);
}

/** The only place that listens. */
export async function startWebServer(config: Config, orm?: Orm, metrics?: Registry) {
  const app = await buildApp({ config, orm, metrics });
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}

/** The web process (api/server.ts) once its settings are checked: HTTP until SIGTERM. */
export async function serveHttp(config: Config): Promise<void> {
  const log = createLogger(config.LOG_LEVEL, 'web');
  if (isClusterPrimary(config)) return runWebCluster(config, log);
  warnWhenMailNotConfigured(config, log);
  const app = await startWebServer(config);
  releaseMemoryWhenIdle(log, { idleMs: config.MEMORY_RELEASE_IDLE_MS });
  onShutdown(log, config.SHUTDOWN_TIMEOUT_MS, () => drainAndClose(app, config));
}
