import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { TestFn } from 'ava';
import { type Stack, startStack, waitFor } from './stack.js';

export interface Service {
  child: ChildProcess;
  /** Everything the process wrote, stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs `script` (api/server.ts, workers/worker.ts) as a process of its own, with `env` over the test's
 * and `nodeArgs` (V8's tracing flags, say) before the script.
 */
export function spawnService(script: string, env: Record<string, string>, nodeArgs: string[] = []): Service {
  const child = spawn(process.execPath, [...nodeArgs, '--import=./scripts/strip-types.mjs', script], {
    // No drain before the listener closes unless the test asks for one (it is tested on its own).
    env: { ...process.env, SHUTDOWN_DELAY_MS: '0', WORKER_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** A web process on `port`, once its readiness says 200. */
export async function spawnWeb(port: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<Service> {
  const web = spawnService('api/server.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' }, nodeArgs);
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined))?.status === 200,
    `the web process on ${port} to be ready: ${web.output().slice(-500)}`,
    60_000,
  );
  return web;
}

/** A worker process, once it says its workers started. */
export async function spawnWorker(env: Record<string, string>): Promise<Service> {
  const worker = spawnService('workers/worker.ts', env);
  await waitFor(async () => worker.output().includes('workers started'), 'the worker process to start', 60_000);
  return worker;
}

/** The settings a spawned web or worker process needs to share a test stack's database and Redis. */
export const stackEnv = (s: Stack): Record<string, string> => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  DATABASE_URL: s.config.DATABASE_URL,
  REDIS_URL: s.config.REDIS_URL,
  REDIS_PREFIX: s.config.REDIS_PREFIX,
  JWT_SECRET: s.config.JWT_SECRET as string,
  REGISTRY_WEBHOOK_SECRET: s.config.REGISTRY_WEBHOOK_SECRET as string,
  RATE_LIMIT_MAX: '1000000',
});

/** A process's resident set size in bytes, from /proc. */
export const rssOf = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;

/**
 * The scaffolding of a test file that starts web processes of its own: a stack (database, Redis,
 * settings) before its tests, and after them every web process it started stopped, then the stack.
 */
export function withWebProcesses(test: TestFn): { readonly stack: Stack; web: typeof spawnWeb } {
  let stack: Stack | undefined;
  const started: Service[] = [];
  test.before(async () => {
    stack = await startStack();
  });
  test.after.always(async () => {
    await Promise.all(started.map((web) => web.stop()));
    await stack?.close();
  });
  return {
    get stack() {
      if (!stack) throw new Error('the stack starts before the tests');
      return stack;
    },
    async web(port, env, nodeArgs) {
      const web = await spawnWeb(port, env, nodeArgs);
      started.push(web);
      return web;
    },
  };
}
