import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
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

/**
 * A PostgreSQL server of a test's own, on a spare port and a directory of its own, never the shared
 * one: a fault test stops, crashes and restarts it freely. `settings` are passed as `-c name=value`.
 */
export async function privatePostgres(settings: Record<string, string | number> = {}): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'private-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), -1);
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
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
    },
    async stop(mode = 'immediate') {
      await asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']).catch(() => {});
    },
    async destroy() {
      await server.stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
