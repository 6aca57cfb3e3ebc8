import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The servers tests start for themselves (Redis Cluster nodes, private Redis and PostgreSQL), recorded
 * by pid so a run that was killed before its cleanup leaves nothing running for long: the next test
 * that starts a server stops the leftovers of test processes that are gone, and removes their files.
 * A record is the file `<owner pid>-<server pid>`, holding what `recordServer` was told as JSON.
 */
const dir = join(tmpdir(), 'ins-test-servers');

/** How a leftover is stopped, and what is removed with it. */
export interface ServerRecord {
  /**
   * What only that server's command line holds (redis-server shows `127.0.0.1:<port>` there, a
   * postmaster its data directory), so a pid given to another program since is never stopped.
   */
  mark: string;
  /** SIGKILL by default. SIGQUIT for a postmaster: it stops its own processes too (SIGKILL follows if it lingers). */
  signal?: 'SIGKILL' | 'SIGQUIT';
  /** A directory of the server's files directly in the temporary directory, removed once it is stopped. */
  dir?: string;
  /** The test process that started it; this one by default. */
  owner?: number;
}

const hasProc = existsSync('/proc/self/stat');

/** Whether `pid` runs (an exited process its parent has not reaped yet, a zombie, does not). */
export function isRunning(pid: number): boolean {
  if (!hasProc) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/** Whether `pid` is still the server recorded (a pid may have been given to another program since). */
const isServer = (pid: number, mark: string) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(mark);
  } catch {
    return false;
  }
};

/** Records a server this test process (or `owner`) started. */
export function recordServer(pid: number, mark: string, options: Omit<ServerRecord, 'mark'> = {}): void {
  const { owner = process.pid, ...rest } = options;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${owner}-${pid}`), JSON.stringify({ mark, ...rest }));
}

/** Forgets a server stopped as planned. */
export function forgetServer(pid: number, owner = process.pid): void {
  rmSync(join(dir, `${owner}-${pid}`), { force: true });
}

/** The servers recorded for `owner` (a test looks at what it left). */
export function recordedServers(owner: number): (ServerRecord & { pid: number })[] {
  return records()
    .filter((r) => r.owner === owner)
    .map(({ file: _, ...record }) => record);
}

function records(): (ServerRecord & { pid: number; owner: number; file: string })[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files.flatMap((file) => {
    const [owner, pid] = file.split('-').map(Number);
    if (!owner || !pid) return [];
    try {
      const text = readFileSync(join(dir, file), 'utf8');
      // Records of earlier versions hold the mark alone.
      const record: ServerRecord = text.startsWith('{') ? JSON.parse(text) : { mark: text };
      return [{ ...record, owner, pid, file }];
    } catch {
      return [];
    }
  });
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
/** A signal to a process that may have gone meanwhile (another test process stopping the same leftover). */
const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {}
};

/**
 * Stops, by pid, the recorded servers whose test process is gone, and removes their directories;
 * returns how many it stopped. A server sent SIGQUIT gets 5 s to go before SIGKILL.
 */
export function stopLeftovers(): number {
  const gone = records().filter((r) => !isRunning(r.owner));
  const stopping = gone.filter((r) => r.mark && isRunning(r.pid) && isServer(r.pid, r.mark));
  for (const r of stopping) signal(r.pid, r.signal ?? 'SIGKILL');
  const deadline = Date.now() + 5000;
  while (stopping.some((r) => isRunning(r.pid)) && Date.now() < deadline) pause(20);
  for (const r of stopping) if (isRunning(r.pid)) signal(r.pid, 'SIGKILL');
  while (stopping.some((r) => isRunning(r.pid)) && Date.now() < deadline + 1000) pause(20);
  for (const r of gone) {
    if (isRunning(r.pid) && stopping.includes(r)) continue;
    // Only a directory of its own in the temporary directory, never anything above or outside it.
    // A stopped PostgreSQL's last children may still be writing there: removed again until it stays gone.
    if (r.dir && dirname(r.dir) === tmpdir())
      for (let i = 0; i < 20 && existsSync(r.dir); i++) {
        rmSync(r.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
        pause(50);
      }
    rmSync(join(dir, r.file), { force: true });
  }
  return stopping.length;
}
