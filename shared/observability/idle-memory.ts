import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Logger } from '../logger.js';

/** How often the event loop's use is sampled. */
const CHECK_MS = 1000;
/** Below this share of busy time over a sample, the process counts as quiet. */
const QUIET_UTILIZATION = 0.02;
/** What the resident memory must have grown by since the last release before another is worth a pause. */
const GROWTH_BYTES = 16 * 1024 * 1024;

type Collector = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's last-resort collection: every collection it can make, then the pages it pooled for reuse handed
 * back to the system. It is what V8 runs when the embedder reports low memory, which Node does not
 * expose; the collector comes from a fresh context made while `--expose-gc` is set, so the process's own
 * global never gets a `gc`.
 */
function lastResortCollector(): Collector {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as Collector;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

export interface IdleMemoryRelease {
  stop(): void;
}

export interface IdleMemoryOptions {
  /** How long the event loop must stay quiet before memory is given back; 0 turns the release off. */
  idleMs: number;
  /** Reads the resident set size (tests pass their own). */
  rss?: () => number;
}

/**
 * Gives memory back once a process goes quiet after a busy spell. Under load V8 grows its young
 * generation and pools the pages it frees; after the load the live heap is back to its idle size, but
 * the resident memory stays near its peak, because V8 keeps those pages for reuse and its memory reducer
 * seldom starts (docs/performance.md, "Memory"). This samples the event loop every second; once it has
 * been busy under 2% of the time for `idleMs`, and the resident memory has grown by 16 MiB or more
 * since the last release (or the start), it runs V8's last-resort collection once and logs what it gave
 * back. The pause it costs (tens of milliseconds) falls on a process that is serving next to nothing.
 */
export function releaseMemoryWhenIdle(log: Logger, options: IdleMemoryOptions): IdleMemoryRelease {
  if (options.idleMs <= 0) return { stop() {} };
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  let collect: Collector | undefined;
  let baseline = rss();
  let quietSince = performance.now();
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.now();
    const sample = performance.eventLoopUtilization(last);
    last = performance.eventLoopUtilization();
    if (sample.utilization >= QUIET_UTILIZATION) {
      quietSince = now;
      return;
    }
    const before = rss();
    if (before < baseline) baseline = before;
    if (now - quietSince < options.idleMs || before - baseline < GROWTH_BYTES) return;
    collect ??= lastResortCollector();
    const started = performance.now();
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const after = rss();
    baseline = after;
    last = performance.eventLoopUtilization();
    log.info(
      {
        rssBeforeMb: mb(before),
        rssAfterMb: mb(after),
        heapTotalMb: mb(getHeapStatistics().total_heap_size),
        ms: Math.round(performance.now() - started),
      },
      'memory given back after a quiet spell',
    );
  }, CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
