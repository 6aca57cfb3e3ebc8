import { spawn } from 'node:child_process';
import { once } from 'node:events';
import test from 'ava';
import { forgetServer, recordServer, stopLeftovers } from '../helpers/leftovers.js';
import { freePort } from '../helpers/ports.js';

/**
 * A test run killed before its cleanup leaves its private servers running; the next test that starts
 * servers stops them by pid. A server whose test process still runs is left alone.
 */
test("a killed run's servers are stopped by pid; a live run's are not", async (t) => {
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
    recordServer(orphan.pid!, orphan.mark, gone.pid!);
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
