import { pretenuringOff } from '../shared/observability/pretenuring.js';
import { runProcess } from '../shared/process.js';

// Before anything of the app is loaded (shared/observability/pretenuring.ts).
pretenuringOff();

/** One machine, one process (`npm start`): migrations, then the web server and the workers side by side. */
runProcess(import.meta.url, async (config) => (await import('./one-process.js')).runOneProcess(config));
