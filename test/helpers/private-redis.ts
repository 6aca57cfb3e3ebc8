import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { forgetServer, recordServer, stopLeftovers } from './leftovers.js';
import { freePort } from './ports.js';

export interface PrivateRedis {
  port: number;
  url: string;
  start(): Promise<void>;
  /** SIGKILL: as a crash. What was written survives in its append-only file. */
  kill(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A redis-server of a test's own on a spare port, with AOF (fsync always) so a crash loses nothing
 * written. It is recorded by pid while it runs (leftovers.ts): if the test process is killed before
 * destroy(), the next test that starts a server stops it and removes its directory.
 */
export async function privateRedis(): Promise<PrivateRedis> {
  // A killed run's servers, if any, are stopped before a new one starts.
  stopLeftovers();
  const dir = mkdtempSync(join(tmpdir(), 'private-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'yes',
          '--appendfsync',
          'always',
          '--maxmemory-policy',
          'noeviction',
        ],
        { stdio: 'ignore' },
      );
      if (child.pid) recordServer(child.pid, `127.0.0.1:${port}`, { dir });
      const probe = new Redis(port, '127.0.0.1', {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => {});
      try {
        const deadline = Date.now() + 15_000;
        const ping = () =>
          probe
            .connect()
            .then(() => probe.ping())
            .catch(() => null);
        while ((await ping()) !== 'PONG') {
          if (Date.now() > deadline) throw new Error('Timed out waiting for Redis to start');
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        probe.disconnect();
      }
    },
    async kill() {
      if (!child) return;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }
      if (child.pid) forgetServer(child.pid);
    },
    async destroy() {
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
