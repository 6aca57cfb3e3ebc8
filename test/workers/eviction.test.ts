import { spawn } from 'node:child_process';
import { once } from 'node:events';
import test from 'ava';
import { Redis } from 'ioredis';
import { startWorkers } from '../../workers/main.js';
import { freePort } from '../helpers/ports.js';
import { createTestDatabase, testConfig, waitFor } from '../helpers/stack.js';

test('the worker refuses to start against a Redis that evicts keys, and says why', async (t) => {
  const port = await freePort();
  // A Redis of this test's own, so the shared server's policy is never touched.
  const server = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory-policy',
      'allkeys-lru',
    ],
    { stdio: 'ignore' },
  );
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 100 });
  probe.on('error', () => {});
  try {
    await waitFor(async () => (await probe.ping().catch(() => null)) === 'PONG', 'the evicting Redis to start');
    const config = testConfig(await createTestDatabase(), { REDIS_URL: `redis://127.0.0.1:${port}` });
    const error = await t.throwsAsync(startWorkers({ config, relay: false, schedulers: false }));
    t.regex(error!.message, /maxmemory-policy is "allkeys-lru"/);
    t.regex(error!.message, /noeviction/);
  } finally {
    probe.disconnect();
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
});
