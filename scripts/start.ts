import { closeWebServer, startWebServer } from '../api/server.js';
import { loadConfig } from '../shared/config/index.js';
import { createOrm } from '../shared/db/orm.js';
import { warnWhenMailNotConfigured } from '../shared/domain/mail/delivery.js';
import { createLogger } from '../shared/logger.js';
import { isEntry, onShutdown, runMain } from '../shared/process.js';
import { startWorkers } from '../workers/main.js';
import { prepareDatabase } from './migrate.js';

/** One machine, one process: migrations, then the web server and the workers side by side. */
if (isEntry(import.meta.url)) {
  runMain(async () => {
    const config = loadConfig();
    const log = createLogger(config.LOG_LEVEL, 'start');
    warnWhenMailNotConfigured(config, log);
    const orm = await createOrm(config, 'insurance-start');
    await prepareDatabase(orm, config);
    const workers = await startWorkers({ config, orm, log: createLogger(config.LOG_LEVEL, 'worker') });
    const app = await startWebServer(config, orm);
    onShutdown(log, config.SHUTDOWN_GRACE_MS, async () => {
      await closeWebServer(app);
      await workers.close();
      await orm.close();
    });
  });
}
