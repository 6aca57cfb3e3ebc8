import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './ports.js';
import { waitFor } from './stack.js';

export interface PrivateRedis {
  port: number;
  url: string;
  start(): Promise<void>;
  /** SIGKILL: as a crash. What was written survives in its append-only file. */
  kill(): Promise<void>;
  destroy(): Promise<void>;
}

/** A redis-server of a test's own on a spare port, with AOF (fsync always) so a crash loses nothing written. */
export async function privateRedis(): Promise<PrivateRedis> {
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
      const probe = new Redis(port, '127.0.0.1', {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => {});
      try {
        await waitFor(
          async () =>
            (await probe
              .connect()
              .then(() => probe.ping())
              .catch(() => null)) === 'PONG',
          'Redis to start',
        );
      } finally {
        probe.disconnect();
      }
    },
    async kill() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
    async destroy() {
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
