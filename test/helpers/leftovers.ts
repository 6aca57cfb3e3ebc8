import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The servers tests start for themselves (Redis Cluster nodes, private Redis), recorded by pid so a
 * run that was killed before its cleanup leaves nothing running for long: the next test that starts
 * a server stops the leftovers of test processes that are gone. A record is `<owner pid>-<server pid>`.
 */
const dir = join(tmpdir(), 'ins-test-servers');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether `pid` is still the server recorded (a pid may have been given to another program since). */
const isServer = (pid: number, mark: string) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(mark);
  } catch {
    return false;
  }
};

/**
 * Records a server this test process started. `mark` is what only that server's command line holds
 * (redis-server shows `127.0.0.1:<port>` there), so a pid given to another program since is never stopped.
 */
export function recordServer(pid: number, mark: string, owner = process.pid): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${owner}-${pid}`), mark);
}

/** Forgets a server stopped as planned. */
export function forgetServer(pid: number, owner = process.pid): void {
  rmSync(join(dir, `${owner}-${pid}`), { force: true });
}

/** Stops, by pid, the recorded servers whose test process is gone; returns how many it stopped. */
export function stopLeftovers(): number {
  let stopped = 0;
  let records: string[] = [];
  try {
    records = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const record of records) {
    const [owner, pid] = record.split('-').map(Number);
    if (alive(owner)) continue;
    let mark = '';
    try {
      mark = readFileSync(join(dir, record), 'utf8');
    } catch {
      continue;
    }
    if (mark && alive(pid) && isServer(pid, mark)) {
      process.kill(pid, 'SIGKILL');
      stopped++;
    }
    rmSync(join(dir, record), { force: true });
  }
  return stopped;
}
