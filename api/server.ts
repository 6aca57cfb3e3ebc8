import { loadConfig, type Config } from '../shared/config/index.js';
import type { Orm } from '../shared/db/orm.js';
import { createLogger } from '../shared/logger.js';
import { isEntry, onShutdown, runMain } from '../shared/process.js';
import { buildApp } from './app.js';

/** The only place that listens. */
export async function startWebServer(config: Config, orm?: Orm) {
  const app = await buildApp({ config, orm });
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}

if (isEntry(import.meta.url)) {
  runMain(async () => {
    const config = loadConfig();
    const app = await startWebServer(config);
    onShutdown(createLogger(config.LOG_LEVEL, 'web'), config.SHUTDOWN_GRACE_MS, () => app.close());
  });
}
