import test from 'ava';
import { pino } from 'pino';
import { releaseMemoryWhenIdle } from '../../shared/observability/idle-memory.js';

/** The release's rule in this process, with a resident size the test chooses. */
const MB = 1024 * 1024;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.serial(
  'one release per busy spell: a quiet process that grows again is not paused again until it has been busy',
  async (t) => {
    const lines: { msg: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    let size = 200 * MB;
    let busy = 0;
    const release = releaseMemoryWhenIdle(log, { idleMs: 1500, rss: () => size, utilization: () => busy });
    try {
      size += 20 * MB;
      await wait(3500);
      const released = () => lines.filter((l) => l.msg === 'memory given back after a quiet spell').length;
      t.is(released(), 1, 'grown and quiet: released once');

      size += 40 * MB; // grew again, with no busy spell between
      await wait(3500);
      t.is(released(), 1, 'no second pause for a process that stayed quiet');

      busy = 0.5; // a busy second or two
      await wait(1500);
      busy = 0;
      await wait(3500);
      t.is(released(), 2, 'busy, then quiet again: released again');
    } finally {
      release.stop();
    }
  },
);

test.serial('a process that never grew is never paused, however long it stays quiet', async (t) => {
  const lines: { msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const release = releaseMemoryWhenIdle(log, { idleMs: 1000, rss: () => 200 * MB, utilization: () => 0 });
  try {
    await wait(3000);
    t.is(lines.length, 0);
  } finally {
    release.stop();
  }
});
