import { loadConfig } from '../shared/config/index.js';
import { createLogger } from '../shared/logger.js';
import { isEntry, onShutdown, runMain } from '../shared/process.js';
import { startWorkers } from './main.js';

if (isEntry(import.meta.url)) {
  runMain(async () => {
    const config = loadConfig();
    const log = createLogger(config.LOG_LEVEL, 'worker');
    const handle = await startWorkers({ config, log });
    onShutdown(log, config.SHUTDOWN_GRACE_MS, () => handle.close());
  });
}
