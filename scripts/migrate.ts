import { runProcess } from '../shared/process.js';

/** The release step (`npm run migrate`, the Procfile's release): migrations and reference data, then exit. */
runProcess(import.meta.url, async (config) => (await import('../shared/prepare-database.js')).releaseDatabase(config));
