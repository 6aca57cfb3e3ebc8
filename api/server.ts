import { runProcess } from '../shared/process.js';

/** The web process: HTTP only. The app loads once the settings are checked (api/listen.ts). */
runProcess(import.meta.url, async (config) => (await import('./listen.js')).serveHttp(config));
