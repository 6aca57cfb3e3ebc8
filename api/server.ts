import { pretenuringOff } from '../shared/observability/pretenuring.js';
import { runProcess } from '../shared/process.js';

// Before anything of the app is loaded (shared/observability/pretenuring.ts).
pretenuringOff();

/** The web process: HTTP only. The app loads once the settings are checked (api/listen.ts). */
runProcess(import.meta.url, async (config) => (await import('./listen.js')).serveHttp(config));
