import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  accessSync,
  chownSync,
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { forgetServer, recordServer, stopLeftovers } from './leftovers.js';
import { freePort } from './ports.js';

const run = promisify(execFile);

export interface PrivatePgbouncer {
  port: number;
  /** The address of a database through the pooler (every database of the server behind it). */
  url(database?: string): string;
  /** A SHOW command of the admin console (`SHOW POOLS`, `SHOW CLIENTS`, ...): its rows. */
  show(what: string): Promise<Record<string, string>[]>;
  /** What pgbouncer logged so far. */
  log(): string;
  /** The most client and server connections of `database`'s pool (SHOW POOLS every 50 ms) while `work` runs. */
  peaks<T>(database: string, work: Promise<T>): Promise<{ result: T; clients: number; servers: number }>;
  /** Stops pgbouncer (by pid) and deletes its files. */
  destroy(): Promise<void>;
}

/** Debian installs pgbouncer in /usr/sbin, which an ordinary user's PATH may lack. */
function pgbouncerBinary(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, 'pgbouncer'), constants.X_OK);
      return join(dir, 'pgbouncer');
    } catch {}
  }
  throw new Error('pgbouncer is not installed (Debian: apt-get install pgbouncer; .ci/run installs it)');
}

/**
 * A PgBouncer of a test's own on a spare loopback port, in front of the PostgreSQL on `serverPort`
 * (every database, user postgres, trust). `settings` go over the defaults of its `[pgbouncer]`
 * section: transaction pooling, a small server pool, room for many clients. As root it runs as the
 * postgres user (pgbouncer refuses root), set by the spawn itself, so the pid is pgbouncer's own: it
 * is recorded with its ini path, and a killed run's pgbouncer is stopped by the next one.
 */
export async function privatePgbouncer(
  serverPort: number,
  settings: Record<string, string | number> = {},
): Promise<PrivatePgbouncer> {
  stopLeftovers();
  const binary = pgbouncerBinary();
  const dir = mkdtempSync(join(tmpdir(), 'private-pgbouncer-'));
  const port = await freePort();
  const ini = join(dir, 'pgbouncer.ini');
  const logFile = join(dir, 'pgbouncer.log');
  const options = {
    listen_addr: '127.0.0.1',
    listen_port: port,
    // No Unix socket: loopback TCP only.
    unix_socket_dir: '',
    auth_type: 'trust',
    auth_file: join(dir, 'userlist.txt'),
    admin_users: 'postgres',
    pool_mode: 'transaction',
    default_pool_size: 8,
    max_client_conn: 1000,
    server_login_retry: 1,
    ...settings,
  };
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${serverPort}`,
      '[pgbouncer]',
      ...Object.entries(options).map(([k, v]) => `${k} = ${v}`),
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(logFile, '');
  const root = process.getuid?.() === 0;
  let ids: { uid: number; gid: number } | undefined;
  if (root) {
    ids = {
      uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
      gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
    };
    for (const file of [dir, ini, logFile, join(dir, 'userlist.txt')]) chownSync(file, ids.uid, ids.gid);
  }
  const out = openSync(logFile, 'a');
  const child: ChildProcess = spawn(binary, [ini], { stdio: ['ignore', out, out], ...ids });
  closeSync(out);
  child.on('error', () => {});
  if (child.pid) recordServer(child.pid, ini, { dir });
  const exited = once(child, 'exit');
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/pgbouncer` });
    client.on('error', () => {});
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end().catch(() => {});
    }
  };
  const bouncer: PrivatePgbouncer = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    show: (what) => admin(async (client) => (await client.query(`SHOW ${what}`)).rows),
    log: () => readFileSync(logFile, 'utf8'),
    async peaks(database, work) {
      const seen = { clients: 0, servers: 0 };
      let done = false;
      const sampling = (async () => {
        while (!done) {
          for (const p of await bouncer.show('POOLS'))
            if (p.database === database) {
              seen.clients = Math.max(seen.clients, Number(p.cl_active) + Number(p.cl_waiting));
              seen.servers = Math.max(seen.servers, Number(p.sv_active) + Number(p.sv_idle) + Number(p.sv_used));
            }
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      try {
        return { result: await work, ...seen };
      } finally {
        done = true;
        await sampling;
      }
    },
    async destroy() {
      if (child.pid && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      if (child.pid) forgetServer(child.pid);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // Ready once its admin console answers (within 10 s), unless it exits first (a bad setting).
  for (const deadline = Date.now() + 10_000; ; ) {
    if (!child.pid || child.exitCode !== null || Date.now() > deadline) {
      const log = bouncer.log();
      await bouncer.destroy();
      throw new Error(`pgbouncer did not start: ${log}`);
    }
    if (await admin(async () => true).catch(() => false)) return bouncer;
    await new Promise((r) => setTimeout(r, 50));
  }
}
