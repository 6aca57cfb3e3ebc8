import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Config, ConfigError, loadConfig } from './config/index.js';
import type { Logger } from './logger.js';

/** True when this module is the file node was started with. */
export function isEntry(moduleUrl: string): boolean {
  const started = process.argv[1];
  if (!started) return false;
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(started);
  } catch {
    return false;
  }
}

/** Runs a process's main; a configuration error prints its one-line reason and exits 1. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((err) => {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      process.stderr.write(`Startup failed: ${(err as Error).stack ?? err}\n`);
    }
    process.exit(1);
  });
}

/**
 * A process's entry point (web, worker, release, start): it reads and checks the settings before it
 * loads the modules that do the work, which take a second or more to load, so a bad setting stops the
 * process at once. `main` imports those modules.
 */
export function runProcess(moduleUrl: string, main: (config: Config) => Promise<unknown>): void {
  if (isEntry(moduleUrl)) runMain(async () => main(loadConfig()));
}

/**
 * SIGTERM/SIGINT: `close` stops taking work, lets what is in flight finish and closes pools; then exit 0.
 * A second signal, or `timeoutMs` after the first, ends the process at once with exit code 1 (what
 * was in flight is one transaction each: it commits or it does not).
 */
export function onShutdown(log: Logger, timeoutMs: number, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    close()
      .then(() => {
        log.info('shutdown complete');
        process.exit(0);
      })
      .catch((err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // A web process of a cluster (WEB_CONCURRENCY) is asked by its primary; when the same stop already
  // reached it as a signal (one sent to the whole process group), the request changes nothing.
  process.on('message', (message) => {
    if (message === 'shutdown' && !closing) shutdown('primary');
  });
}
