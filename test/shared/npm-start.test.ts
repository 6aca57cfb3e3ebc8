import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import test from 'ava';
import { compiledTree } from '../helpers/compiled-tree.js';
import { freePort } from '../helpers/ports.js';
import { createTestDatabase, testConfig } from '../helpers/stack.js';

const root = resolve(import.meta.dirname, '../..');

/**
 * `npm start` as a user runs it, in production without SMTP_URL: the project's own package.json and
 * start scripts, run by npm, on a tree built from the current sources (test/helpers/compiled-tree.ts).
 * Its prestart checks the settings and finds dist/ built from the sources as they are: it installs
 * nothing and does not compile.
 */

let dir: string;
let npm: ChildProcess;
let exited: Promise<number | null>;
let output = '';
let base: string;
let port: number;
let hashBefore: string;

/** The pino entries written so far. */
const entries = () =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; pid: number; msg: string; mail?: string });

test.before(async () => {
  dir = compiledTree('npm-start-');
  hashBefore = readFileSync(join(dir, 'dist/.sources-hash'), 'utf8');
  const config = testConfig(await createTestDatabase());
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const { SMTP_URL: _unset, ...env } = process.env;
  npm = spawn('npm', ['start'], {
    cwd: dir,
    env: {
      ...env,
      PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`,
      NODE_ENV: 'production',
      JWT_SECRET: config.JWT_SECRET,
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      REDIS_PREFIX: config.REDIS_PREFIX,
      // The drain before the listener closes (5 s by default) is tested in test/faults/shutdown-processes.test.ts.
      SHUTDOWN_DELAY_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout!.on('data', (d) => {
    output += d;
  });
  npm.stderr!.on('data', (d) => {
    output += d;
  });
  exited = once(npm, 'exit').then(([code]) => code as number | null);
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${base}/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (npm.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`npm start did not come up:\n${output}`);
});

test.after.always(() => {
  // Whatever happened, no service of this test outlives it.
  for (const pid of new Set(entries().map((e) => e.pid))) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  if (npm?.exitCode === null) npm.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test.serial('a start of a tree built from its current sources checks the settings and does not compile', (t) => {
  t.regex(output, /dist\/ is built from the current sources: not compiling/);
  t.notRegex(output, /Compiling|Installing/);
  t.is(readFileSync(join(dir, 'dist/.sources-hash'), 'utf8'), hashBefore);
});

test.serial(
  'in production without SMTP_URL the start log warns once that no mail is sent, and /health says so',
  async (t) => {
    const warnings = entries().filter((e) => e.level === 40 && /SMTP_URL/.test(e.msg));
    t.is(warnings.length, 1, output);
    t.is(warnings[0].mail, 'not_configured');
    const health = (await (await fetch(`${base}/health`)).json()) as { data: { mail: { status: string } } };
    t.is(health.data.mail.status, 'not_configured');
  },
);

test.serial(
  'SIGTERM to npm start stops the service: npm exits 0, the node process is gone and the port is free',
  async (t) => {
    const pids = new Set(entries().map((e) => e.pid));
    t.is(pids.size, 1, 'one service process');
    const [service] = pids;
    t.not(service, npm.pid, 'the service is npm’s child');
    const started = Date.now();
    npm.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 8_000))]);
    t.is(code, 0, output);
    t.true(Date.now() - started < 8_000);
    t.regex(output, /shutdown complete/);
    t.throws(() => process.kill(service, 0), { code: 'ESRCH' }, 'the node process has exited');
    const server = createServer();
    await t.notThrowsAsync(
      new Promise<void>((done, fail) => {
        server.once('error', fail).listen(port, '127.0.0.1', () => server.close(() => done()));
      }),
      'the port is free',
    );
  },
);
