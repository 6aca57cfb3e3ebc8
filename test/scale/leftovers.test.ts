import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import test from 'ava';
import { forgetServer, isRunning, recordedServers, recordServer, stopLeftovers } from '../helpers/leftovers.js';
import { freePort } from '../helpers/ports.js';
import { privatePostgres } from '../helpers/private-postgres.js';
import { privateRedis } from '../helpers/private-redis.js';

/**
 * A test run killed before its cleanup leaves its private servers running; the next test that starts
 * servers stops them by pid. A server whose test process still runs is left alone. (Serial: each test
 * looks at the records of this process.)
 */
test.serial("a killed run's servers are stopped by pid; a live run's are not", async (t) => {
  const start = async () => {
    const port = await freePort();
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
      stdio: 'ignore',
    });
    await new Promise((r) => setTimeout(r, 200));
    return Object.assign(server, { mark: `127.0.0.1:${port}` });
  };
  const gone = spawn('true');
  await once(gone, 'exit');
  const orphan = await start();
  const mine = await start();
  try {
    recordServer(orphan.pid!, orphan.mark, { owner: gone.pid! });
    recordServer(mine.pid!, mine.mark);
    const exited = once(orphan, 'exit');
    t.true(stopLeftovers() >= 1);
    await exited;
    t.is(orphan.signalCode, 'SIGKILL');
    t.is(mine.exitCode, null, 'the server of a live test process keeps running');
    t.is(mine.signalCode, null);
  } finally {
    orphan.kill('SIGKILL');
    mine.kill('SIGKILL');
    forgetServer(mine.pid!);
  }
});

test.serial('a private PostgreSQL and Redis are recorded while they run, and forgotten when stopped', async (t) => {
  const [postgres, redis] = await Promise.all([privatePostgres(), privateRedis()]);
  try {
    const [first, second] = recordedServers(process.pid).sort((a, b) => (a.signal ?? '').localeCompare(b.signal ?? ''));
    t.is(first?.mark, `127.0.0.1:${redis.port}`);
    t.is(second?.signal, 'SIGQUIT', 'the postmaster stops its backends itself');
    t.regex(second?.mark ?? '', /\/data$/);
    for (const server of [first!, second!]) t.true(isRunning(server.pid));
    // A restart records the new postmaster in place of the old one.
    await postgres.stop();
    await postgres.start();
    const [restarted, ...others] = recordedServers(process.pid).filter((r) => r.signal === 'SIGQUIT');
    t.is(others.length, 0);
    t.not(restarted!.pid, second!.pid);
    t.true(isRunning(restarted!.pid));
  } finally {
    await Promise.all([postgres.destroy(), redis.destroy()]);
  }
  t.deepEqual(recordedServers(process.pid), []);
});

test.serial(
  'the private PostgreSQL and Redis of a run killed with SIGKILL are stopped, and their files removed',
  async (t) => {
    // A test process of its own, run as ava runs test files, that starts both servers and waits to be killed.
    const script = `
    const { privatePostgres } = await import('./test/helpers/private-postgres.ts');
    const { privateRedis } = await import('./test/helpers/private-redis.ts');
    await Promise.all([privatePostgres(), privateRedis()]);
    process.stdout.write('ready\\n');
    setInterval(() => {}, 60_000);
  `;
    const run = spawn(process.execPath, ['--import=./scripts/strip-types.mjs', '--input-type=module', '-e', script], {
      cwd: resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(run, 'exit');
    const ready = new Promise<void>((ok, fail) => {
      run.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ok());
      run.on('exit', (code) => fail(new Error(`the test process ended first (${code})`)));
    });
    try {
      await ready;
    } finally {
      run.kill('SIGKILL');
      await exited;
    }
    const left = recordedServers(run.pid!);
    t.is(left.length, 2);
    for (const server of left) {
      t.true(isRunning(server.pid), `${server.mark} outlived its test process`);
      t.true(existsSync(server.dir!));
    }
    stopLeftovers();
    for (const server of left) {
      t.false(isRunning(server.pid), `${server.mark} is stopped`);
      t.false(existsSync(server.dir!), `${server.dir} is removed`);
    }
    t.deepEqual(recordedServers(run.pid!), []);
  },
);
