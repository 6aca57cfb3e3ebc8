import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { forgetServer, isRunning, recordServer, stopLeftovers } from './leftovers.js';
import { freePort } from './ports.js';

const run = promisify(execFile);

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
function asPostgres(command: string, args: string[]) {
  const root = process.getuid?.() === 0;
  return run(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args, {
    timeout: 60_000,
  });
}

export interface PrivatePostgres {
  port: number;
  /** The address of a database on this server. */
  url(database?: string): string;
  /** Starts the server, with `settings` over those it was made with (they last until the next start). */
  start(settings?: Record<string, string | number>): Promise<void>;
  /** `immediate`: as a crash (no checkpoint, every session cut); `fast`: a clean shutdown. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  /** Stops the server and deletes its files. */
  destroy(): Promise<void>;
}

/** A new directory for a server's files, owned by the postgres user when the tests run as root. */
async function serverDirectory(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'private-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), -1);
  return dir;
}

/**
 * The server whose data directory is `<dir>/data`, on `port`, with `settings` as `-c name=value`. While
 * it runs its postmaster is recorded by pid (leftovers.ts; the data directory, on its command line, is
 * the mark): if the test process is killed before destroy(), the next test that starts a server stops
 * it with SIGQUIT (an immediate shutdown, which ends its backends too) and removes `dir`.
 */
function serverOn(dir: string, port: number, settings: Record<string, string | number>): PrivatePostgres {
  const data = join(dir, 'data');
  let postmaster: number | undefined;
  const base = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    fsync: 'off',
    full_page_writes: 'off',
    ...settings,
  };
  const options = (extra: Record<string, string | number>) =>
    Object.entries({ ...base, ...extra })
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' ');
  const server: PrivatePostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start(extra = {}) {
      await asPostgres('pg_ctl', [
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-o',
        `-p ${port} ${options(extra)}`,
        '-w',
        'start',
      ]);
      // The first line of postmaster.pid is the postmaster's pid.
      postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      recordServer(postmaster, data, { signal: 'SIGQUIT', dir });
    },
    async stop(mode = 'immediate') {
      const stopped = await asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']).then(
        () => true,
        () => false,
      );
      // pg_ctl waited for the postmaster to go; if it failed, the server may not have been running.
      if (postmaster !== undefined && (stopped || !isRunning(postmaster))) {
        forgetServer(postmaster);
        postmaster = undefined;
      }
    },
    async destroy() {
      await server.stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * A PostgreSQL server of a test's own, on a spare port and a directory of its own, never the shared
 * one: a fault test stops, crashes and restarts it freely. `settings` are passed as `-c name=value`.
 */
export async function privatePostgres(settings: Record<string, string | number> = {}): Promise<PrivatePostgres> {
  // A killed run's servers, if any, are stopped before a new one starts.
  stopLeftovers();
  const dir = await serverDirectory();
  await asPostgres('initdb', [
    '-D',
    join(dir, 'data'),
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const server = serverOn(dir, await freePort(), settings);
  await server.start();
  return server;
}

/**
 * A streaming replica of `primary` (`pg_basebackup -R`: a copy of its files that follows its WAL),
 * a hot standby on a port of its own that answers reads. `settings` such as `recovery_min_apply_delay`
 * make it lag on purpose.
 */
export async function privateReplica(
  primary: PrivatePostgres,
  settings: Record<string, string | number> = {},
): Promise<PrivatePostgres> {
  stopLeftovers();
  const dir = await serverDirectory();
  await asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    join(dir, 'data'),
    '-R',
    '-X',
    'stream',
    // At once: the default waits for the primary's next spread checkpoint (minutes).
    '--checkpoint=fast',
    '--no-sync',
  ]);
  const server = serverOn(dir, await freePort(), { hot_standby: 'on', ...settings });
  await server.start();
  return server;
}

/** Creates a database on the server (the app's migrations make its schema). */
export async function createDatabase(server: PrivatePostgres, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.url() });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
