import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Logger } from '../logger.js';

/** How often the event loop's use is sampled. */
const CHECK_MS = 1000;
/** Below this share of busy time over a sample, the process counts as quiet (a few dozen light requests a second at most). */
const QUIET_UTILIZATION = 0.01;
/** What the resident memory must have grown by since the last release before another is worth a pause. */
const GROWTH_BYTES = 16 * 1024 * 1024;

type Collector = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's last-resort collection: every collection it can make, then the pages it pooled for reuse handed
 * back to the system. It is what V8 runs when the embedder reports low memory, which Node does not
 * expose. A process started with `--expose-gc` has it as `gc`; otherwise it comes from a fresh context
 * made while the flag is set (and unset at once), so the process's own global gets no `gc`.
 */
function lastResortCollector(): Collector {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as Collector;
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
  /**
   * The event loop's busy share since the last call, 0 to 1 (tests pass their own: a test process's
   * own loop is not quiet on a loaded machine).
   */
  utilization?: () => number;
}

/** The event loop's busy share since the last call. */
function loopUtilization(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/**
 * Gives memory back once a process goes quiet after a busy spell. Under load V8 grows its young
 * generation and pools the pages it frees; after the load the live heap is back to its idle size, but
 * the resident memory stays near its peak, because V8 keeps those pages for reuse and its memory reducer
 * seldom starts (docs/performance.md, "Memory"). This samples the event loop every second; once it has
 * been busy under 1% of the time for `idleMs` after a busier sample, and the resident memory has grown
 * by 16 MiB or more since the last release (or the start), it runs V8's last-resort collection once and
 * logs what it gave back. The pause it costs (50 to 150 ms) falls on a process that is serving next to
 * nothing, and a process that stays quiet is never paused twice.
 */
export function releaseMemoryWhenIdle(log: Logger, options: IdleMemoryOptions): IdleMemoryRelease {
  if (options.idleMs <= 0) return { stop() {} };
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  // Taken at start, while nothing else is being made: the flag is on for this one synchronous step.
  const collect = lastResortCollector();
  let baseline = rss();
  /** A busy sample came since the last release (or the start): only then is another one worth a pause. */
  let armed = true;
  let quietSince = performance.now();
  const utilization = options.utilization ?? loopUtilization();
  const timer = setInterval(() => {
    const now = performance.now();
    if (utilization() >= QUIET_UTILIZATION) {
      quietSince = now;
      armed = true;
      return;
    }
    const before = rss();
    if (before < baseline) baseline = before;
    if (!armed || now - quietSince < options.idleMs || before - baseline < GROWTH_BYTES) return;
    armed = false;
    const started = performance.now();
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const after = rss();
    baseline = after;
    // The collection's own pause is not a busy spell.
    utilization();
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
