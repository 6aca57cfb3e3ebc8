import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../shared/config/index.js';
import type { Logger } from '../shared/logger.js';

/** What the primary sends a web process to stop it (shared/process.ts onShutdown answers it). */
export const SHUTDOWN_MESSAGE = 'shutdown';

/** A web process that dies by itself is started again, but not more often than this. */
const RESTART_DELAY_MS = 1000;

/**
 * WEB_CONCURRENCY > 1: this process forks that many web processes, which all listen on PORT (node:cluster
 * hands each new connection to one of them) and serve on their own, each with its own pools. This
 * primary only watches: one that dies unasked is started again; SIGTERM or SIGINT is passed to each (they
 * drain and stop as one web process does), and the primary exits once they have, 0 if all did cleanly.
 */
export function runWebCluster(config: Config, log: Logger): void {
  const expected = new Set<Worker>();
  let stopping = false;
  let failed = false;
  const fork = () => {
    const worker = cluster.fork();
    expected.add(worker);
    worker.on('exit', (code, signal) => {
      expected.delete(worker);
      if (stopping) {
        if (code !== 0) failed = true;
        if (expected.size === 0) {
          log.info({ failed }, 'every web process stopped');
          process.exit(failed ? 1 : 0);
        }
        return;
      }
      log.error({ pid: worker.process.pid, code, signal }, 'a web process died; starting another');
      setTimeout(() => {
        if (!stopping) fork();
      }, RESTART_DELAY_MS).unref();
    });
  };
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
  log.info({ processes: config.WEB_CONCURRENCY, port: config.PORT }, 'web processes started');
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: every web process ends at once, as a single one does at its second.
      for (const worker of expected) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'stopping the web processes');
    if (expected.size === 0) process.exit(0);
    // Asked over IPC, not by a signal: a supervisor that signals the whole process group (Ctrl-C,
    // systemd) has already signalled them, and a second signal would cut their drain short.
    for (const worker of expected) worker.send(SHUTDOWN_MESSAGE);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Whether this process is the primary of a web cluster (it forks and watches, never listens). */
export const isClusterPrimary = (config: Config) => config.WEB_CONCURRENCY > 1 && cluster.isPrimary;
