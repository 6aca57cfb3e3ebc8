import { runProcess } from '../shared/process.js';

/** The worker process: BullMQ workers, job schedulers, the outbox relay; they load once the settings are checked. */
runProcess(import.meta.url, async (config) => (await import('./main.js')).runWorkerProcess(config));
