import { drainAndClose, startWebServer } from '../api/listen.js';
import type { Config } from '../shared/config/index.js';
import { warnWhenMailNotConfigured } from '../shared/domain/mail/index.js';
import { createOrm } from '../shared/domains.js';
import { createLogger } from '../shared/logger.js';
import { releaseMemoryWhenIdle } from '../shared/observability/idle-memory.js';
import { createRegistry } from '../shared/observability/metrics.js';
import { prepareDatabase } from '../shared/prepare-database.js';
import { onShutdown } from '../shared/process.js';
import { startWorkers } from '../workers/main.js';

/** `npm start` once its settings are checked: migrations, then the web server and the workers side by side. */
export async function runOneProcess(config: Config): Promise<void> {
  const log = createLogger(config.LOG_LEVEL, 'start');
  warnWhenMailNotConfigured(config, log);
  const orm = await createOrm(config, 'insurance-start');
  await prepareDatabase(orm, config);
  // One registry: the web's /metrics shows this process's jobs too (no WORKER_PORT in one process).
  const metrics = createRegistry('all');
  const workers = await startWorkers({ config, orm, log: createLogger(config.LOG_LEVEL, 'worker'), metrics });
  const app = await startWebServer(config, orm, metrics);
  releaseMemoryWhenIdle(log, { idleMs: config.MEMORY_RELEASE_IDLE_MS });
  onShutdown(log, config.SHUTDOWN_TIMEOUT_MS, async () => {
    await drainAndClose(app, config);
    await workers.close();
    await orm.close();
  });
}
