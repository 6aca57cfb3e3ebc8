import test from 'ava';
import { freePort } from '../helpers/ports.js';
import { stackEnv, withWebProcesses } from '../helpers/processes.js';

/**
 * A web process, however it is started, runs without V8's allocation-site pretenuring: with it, a
 * full collection under load can set off a state in which every request is promoted to the old
 * generation for the life of the process (shared/observability/pretenuring.ts). Started here as the
 * tests and `npm run dev` start it, without the Procfile's heap flags, and read from V8's own trace of
 * its pretenuring decisions, which prints a line for each decision it takes while under load.
 */
const processes = withWebProcesses(test);

test.serial('a web process under load takes no pretenuring decision, even started without the Procfile', async (t) => {
  const port = await freePort();
  const web = await processes.web(port, stackEnv(processes.stack), ['--trace-pretenuring-statistics']);
  const url = `http://127.0.0.1:${port}/health/live`;
  // What the loader did before the entry module turned pretenuring off is not the web process's own.
  const from = web.output().length;
  const until = Date.now() + 4000;
  let served = 0;
  const client = async () => {
    while (Date.now() < until) {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) served++;
    }
  };
  await Promise.all(Array.from({ length: 32 }, client));
  t.true(served > 500, `${served} requests served`);
  // With pretenuring on, the same load prints dozens ("AllocationSite(...) ... undecided => tenure").
  const decisions =
    web
      .output()
      .slice(from)
      .match(/^.*pretenuring:.*$/gm) ?? [];
  t.deepEqual(decisions.slice(0, 3), [], `${decisions.length} pretenuring lines`);
});
