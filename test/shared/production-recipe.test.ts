import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import test from 'ava';
import { procfile } from '../helpers/compiled-tree.js';
import { freePort } from '../helpers/ports.js';
import { databaseUrl } from '../helpers/stack.js';

/**
 * The README's production recipe, run as written on a fresh copy of the repository's files (what a clone
 * of this tree holds: the files git tracks or would track, nothing ignored, no node_modules, no dist/),
 * from a shell that has nothing of this checkout on its PATH, against a database that does not exist yet.
 * The install must leave out the development tools, the build must work without them, the release must
 * create and migrate the database, and the web and worker processes must serve and stop cleanly.
 */

const root = resolve(import.meta.dirname, '../..');
const runId = process.env.TEST_RUN_ID!;
const ADMIN = { email: 'recipe-admin@example.com', password: 'a-long-production-password-2026' };

/** The commands of the README's production block, in order. */
function recipe(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /\*\*In production\*\*[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README has no production block');
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

/** The repository's files as a clone of this working tree would have them, in a new directory. */
function cleanCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'production-recipe-'));
  const index = `${dir}.index`;
  const git = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    execFileSync('git', args, { cwd: root, env, encoding: 'utf8' }).trim();
  // A tree of the working tree as `git add -A` would record it, without touching the checkout's index.
  execFileSync('cp', [join(git(['rev-parse', '--git-dir']), 'index'), index], { cwd: root });
  const env = { ...process.env, GIT_INDEX_FILE: index };
  git(['add', '-A'], env);
  const tree = git(['write-tree'], env);
  rmSync(index, { force: true });
  execFileSync('sh', ['-c', `git archive ${tree} | tar -x -C '${dir}'`], { cwd: root });
  return dir;
}

let dir: string;
let port: number;
let workerPort: number;
let shellEnv: NodeJS.ProcessEnv;
const processes = new Map<string, { child: ChildProcess; output: () => string; exited: Promise<number | null> }>();

test.before(async () => {
  dir = cleanCopy();
  port = await freePort();
  workerPort = await freePort();
  // A user's shell: none of npm's variables from the run that started these tests, no tsx, and nothing of
  // this checkout's node_modules on the PATH.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|NODE_OPTIONS$|TEST_|INIT_CWD$)/i.test(name)),
  );
  shellEnv = {
    ...inherited,
    PATH: (process.env.PATH ?? '')
      .split(delimiter)
      .filter((entry) => !entry.includes('node_modules'))
      .join(delimiter),
    // The user's npm settings, not the recipe: take packages from npm's cache when it has them.
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    DATABASE_URL: databaseUrl(`ins_test_${runId}_recipe`),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `{t${runId}-recipe}`,
    JWT_SECRET: 'a-production-secret-of-forty-characters!',
    REGISTRY_WEBHOOK_SECRET: 'recipe-registry-secret',
    BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    HOST: '127.0.0.1',
    PORT: String(port),
    WORKER_PORT: String(workerPort),
    METRICS_TOKEN: 'recipe-metrics-token-0123456789',
    LOG_LEVEL: 'info',
  };
});

test.after.always(async () => {
  for (const { child, exited } of processes.values()) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function start(command: string, name: string) {
  // Each line is one plain command (no shell syntax), so it runs without a shell and receives the signals.
  const [file, ...args] = command.split(' ');
  const child = spawn(file!, args, { cwd: dir, env: shellEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const handle = { child, output: () => output, exited };
  processes.set(name, handle);
  return handle;
}

async function run(command: string) {
  const { exited, output } = start(command, command);
  return { code: await exited, output: output() };
}

test.serial('the README block is the install, the build, then the Procfile release, web and worker', (t) => {
  const lines = recipe();
  const commands = procfile();
  t.deepEqual(lines, [
    'export NODE_ENV=production',
    'npm ci',
    'npm run build',
    commands.release,
    commands.web,
    commands.worker,
  ]);
});

test.serial('with NODE_ENV=production from the first command, npm ci installs no development tool', async (t) => {
  t.timeout(240_000);
  const [exported, install] = recipe();
  const [, name, value] = /^export (\w+)=(\S+)$/.exec(exported!)!;
  shellEnv[name!] = value;
  t.false(existsSync(join(dir, 'node_modules')), 'the copy starts without node_modules');
  const { code, output } = await run(install!);
  t.is(code, 0, output);
  for (const tool of ['ava', 'tsx', '@biomejs/biome', 'knip', 'autocannon'])
    t.false(existsSync(join(dir, 'node_modules', tool)), `${tool} is not installed`);
  t.true(existsSync(join(dir, 'node_modules/typescript')));
});

test.serial('npm run build compiles with what production installed', async (t) => {
  t.timeout(240_000);
  const { code, output } = await run(recipe()[2]!);
  t.is(code, 0, output);
  const { web, worker, release } = procfile();
  for (const command of [web, worker, release]) {
    const script = command!.split(' ').find((part) => part.endsWith('.js'))!;
    t.true(existsSync(join(dir, script)), command);
  }
});

test.serial('a bad setting stops the built web process within 2 s, naming it', async (t) => {
  const started = Date.now();
  const saved = shellEnv.JWT_SECRET;
  shellEnv.JWT_SECRET = 'short';
  const { code, output } = await run(procfile().web!);
  shellEnv.JWT_SECRET = saved;
  t.is(code, 1, output);
  t.true(Date.now() - started < 2000);
  t.regex(output, /JWT_SECRET has an invalid value: expected at least 32 characters/);
  t.notRegex(output, /^\s+at /m);
});

test.serial('the release creates and migrates the new database and the bootstrap admin', async (t) => {
  t.timeout(120_000);
  const { code, output } = await run(recipe()[3]!);
  t.is(code, 0, output);
  t.regex(output, /migrations applied/);
});

test.serial('web and worker start, serve a sign-in, and stop cleanly on SIGTERM', async (t) => {
  t.timeout(120_000);
  const [, , , , webCommand, workerCommand] = recipe();
  const web = start(webCommand!, 'web');
  const worker = start(workerCommand!, 'worker');
  const base = `http://127.0.0.1:${port}`;
  let ready = 0;
  for (let i = 0; i < 300 && ready !== 200; i++) {
    ready = await fetch(`${base}/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  t.is(ready, 200, web.output());
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  t.is(login.status, 200);
  const { data } = (await login.json()) as { data: { accessToken: string } };
  const me = await fetch(`${base}/auth/me`, { headers: { authorization: `Bearer ${data.accessToken}` } });
  t.is(me.status, 200);
  for (let i = 0; i < 100 && !worker.output().includes('workers started'); i++)
    await new Promise((r) => setTimeout(r, 100));
  t.regex(worker.output(), /workers started/);
  // The worker's own port: liveness, and its metrics for the token.
  t.is((await fetch(`http://127.0.0.1:${workerPort}/health/live`)).status, 200, worker.output());
  const metrics = await fetch(`http://127.0.0.1:${workerPort}/metrics`, {
    headers: { authorization: 'Bearer recipe-metrics-token-0123456789' },
  });
  t.is(metrics.status, 200);
  t.regex(await metrics.text(), /process_resident_memory_bytes\{process_type="worker"\}/);

  web.child.kill('SIGTERM');
  worker.child.kill('SIGTERM');
  t.is(await web.exited, 0, web.output());
  t.is(await worker.exited, 0, worker.output());
  for (const output of [web.output(), worker.output()]) {
    t.regex(output, /shutdown complete/);
    t.false(output.includes(ADMIN.password), 'no password in the logs');
  }
});
