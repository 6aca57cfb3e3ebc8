import { once } from 'node:events';
import test from 'ava';
import { freePort } from '../helpers/ports.js';
import { withWebProcesses } from '../helpers/processes.js';
import { waitFor } from '../helpers/stack.js';

/**
 * WEB_CONCURRENCY=N: one command runs N web processes serving one port; one that dies is replaced, and
 * SIGTERM stops them all cleanly (exit 0).
 */
const processes = withWebProcesses(test);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('WEB_CONCURRENCY=2 serves one port from two processes, replaces one that dies, and stops both on SIGTERM', async (t) => {
  const port = await freePort();
  const { stack } = processes;
  const web = await processes.web(port, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: stack.config.DATABASE_URL,
    REDIS_URL: stack.config.REDIS_URL,
    REDIS_PREFIX: stack.config.REDIS_PREFIX,
    WEB_CONCURRENCY: '2',
  });
  const primary = web.child.pid!;
  // Each on a new connection: the cluster hands connections, not requests, to its processes.
  const servedBy = async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 40 && pids.size < 2; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/health/live`, { headers: { connection: 'close' } });
      t.is(res.status, 200);
      const requestId = res.headers.get('x-request-id');
      const line = await waitFor(
        async () =>
          web
            .output()
            .split('\n')
            .find((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('request completed')),
        'the access log line',
      );
      pids.add(JSON.parse(line).pid);
    }
    return pids;
  };
  const first = await servedBy();
  t.is(first.size, 2, 'two processes answer');
  t.false(first.has(primary), 'the primary only watches');

  const [victim] = [...first];
  process.kill(victim!, 'SIGKILL');
  await waitFor(async () => web.output().includes('a web process died; starting another'), 'the primary to notice');
  const after = await waitFor(async () => {
    const pids = await servedBy();
    return pids.size === 2 && !pids.has(victim!) && pids;
  }, 'a replacement to serve');
  t.false(after.has(victim!));

  const exited = once(web.child, 'exit');
  web.child.kill('SIGTERM');
  const [code] = await exited;
  t.is(code, 0, web.output().slice(-1500));
  for (const pid of after) t.false(alive(pid), `web process ${pid} stopped`);
  t.regex(web.output(), /every web process stopped/);
});
