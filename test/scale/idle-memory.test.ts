import test from 'ava';
import { given } from '../helpers/given.js';
import { freePort } from '../helpers/ports.js';
import { rssOf, stackEnv, withWebProcesses } from '../helpers/processes.js';
import { waitFor } from '../helpers/stack.js';

/**
 * A web process gives its memory back once it goes quiet after a busy spell: V8 keeps the pages it grew
 * into under load, so without the release the resident memory stays near its peak for good.
 */
const processes = withWebProcesses(test);

test.serial('after a burst of reads and a quiet spell, the web process hands back what it grew by, once', async (t) => {
  const { stack } = processes;
  const admin = await given.admin(stack);
  const port = await freePort();
  const web = await processes.web(port, { ...stackEnv(stack), LOG_LEVEL: 'info', MEMORY_RELEASE_IDLE_MS: '1500' });
  const pid = web.child.pid as number;
  const url = `http://127.0.0.1:${port}/users/${admin.id}`;
  const headers = { authorization: `Bearer ${admin.token}` };
  const idle = rssOf(pid);

  let peak = idle;
  const until = Date.now() + 4000;
  const client = async () => {
    while (Date.now() < until) {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      t.is(res.status, 200);
    }
  };
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 100);
  await Promise.all(Array.from({ length: 32 }, client));
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  t.true(peak - idle > 16 * 1024 * 1024, `the burst grew the process (${idle} -> ${peak} bytes)`);
  t.false(web.output().includes('memory given back'), 'nothing is collected while the process is busy');

  await waitFor(async () => web.output().includes('memory given back after a quiet spell'), 'the release', 15_000);
  const line = JSON.parse(
    web
      .output()
      .split('\n')
      .find((l) => l.includes('memory given back')) as string,
  );
  t.true(
    line.rssAfterMb < line.rssBeforeMb,
    `the release gave memory back (${line.rssBeforeMb} -> ${line.rssAfterMb} MB)`,
  );
  const after = rssOf(pid);
  t.log(`idle ${idle >> 20} MB, peak ${peak >> 20} MB, after ${after >> 20} MB; release took ${line.ms} ms`);
  t.true(after - idle < (peak - idle) / 2, `back near idle: idle ${idle}, peak ${peak}, after ${after}`);

  // Quiet on: no second release until the process grows again.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  t.is(web.output().split('memory given back').length - 1, 1, 'one release for one busy spell');
  const res = await fetch(url, { headers });
  t.is(res.status, 200, 'the process serves on after the release');
});
