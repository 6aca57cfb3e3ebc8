import { spawn } from 'node:child_process';
import { once } from 'node:events';
import test from 'ava';
import { createOrm } from '../../shared/domains.js';
import { freePort } from '../helpers/ports.js';
import { createTestDatabase, testConfig } from '../helpers/stack.js';

function run(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import=tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, out: () => stdout, err: () => stderr };
}

test('a bad setting stops the web process at start with a message naming the variable', async (t) => {
  const proc = run('api/server.ts', { PORT: 'eighty', NODE_ENV: 'test' });
  const code = await proc.exited;
  t.is(code, 1);
  t.regex(
    proc.err(),
    /^Invalid configuration:\n {2}PORT has an invalid value: expected a whole number from 0 to 65535\n$/,
  );
});

test('a bad setting stops the worker process too', async (t) => {
  const proc = run('workers/worker.ts', { REDIS_URL: 'nowhere', NODE_ENV: 'test' });
  t.is(await proc.exited, 1);
  t.regex(proc.err(), /^Invalid configuration:\n {2}REDIS_URL has an invalid value: expected a Redis URL/);
});

test('on SIGTERM the web process finishes the request in flight, then exits 0', async (t) => {
  const database = await createTestDatabase();
  const config = testConfig(database);
  const port = await freePort();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: config.DATABASE_URL,
    REDIS_PREFIX: config.REDIS_PREFIX,
    SHUTDOWN_DELAY_MS: '0',
  };
  const proc = run('api/server.ts', env);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${base}/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // Hold a database connection busy so /health/ready is still in flight when SIGTERM arrives.
  const orm = await createOrm(config);
  const blocker = orm.em.fork();
  await blocker.begin();
  await blocker.execute(`lock table mikro_orm_migrations in access exclusive mode`);
  const inFlight = fetch(`${base}/health/ready`);
  await new Promise((r) => setTimeout(r, 300));
  proc.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  await blocker.rollback();
  const res = await inFlight;
  t.true([200, 503].includes(res.status), `in-flight request answered ${res.status}`);
  const code = await proc.exited;
  t.is(code, 0, proc.out() + proc.err());
  t.regex(proc.out(), /shutdown complete/);
  await orm.close();
});

test('on SIGTERM the worker process closes its workers and pools, then exits 0', async (t) => {
  const database = await createTestDatabase();
  const config = testConfig(database);
  const proc = run('workers/worker.ts', {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WORKER_PORT: '0',
    DATABASE_URL: config.DATABASE_URL,
    REDIS_PREFIX: config.REDIS_PREFIX,
  });
  for (let i = 0; i < 200 && !/workers started/.test(proc.out()); i++) await new Promise((r) => setTimeout(r, 100));
  t.regex(proc.out(), /workers started/);
  proc.child.kill('SIGTERM');
  const code = await proc.exited;
  t.is(code, 0, proc.out() + proc.err());
  t.regex(proc.out(), /shutdown complete/);
});
