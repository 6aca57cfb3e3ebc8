import { loadConfig } from '../shared/config/index.js';
import { warnWhenMailNotConfigured } from '../shared/domain/mail/delivery.js';
import { createLogger } from '../shared/logger.js';
import { isEntry, onShutdown, runMain } from '../shared/process.js';
import { startWorkers } from './main.js';

if (isEntry(import.meta.url)) {
  runMain(async () => {
    const config = loadConfig();
    const log = createLogger(config.LOG_LEVEL, 'worker');
    warnWhenMailNotConfigured(config, log);
    const handle = await startWorkers({ config, log });
    onShutdown(log, config.SHUTDOWN_GRACE_MS, () => handle.close());
  });
}
