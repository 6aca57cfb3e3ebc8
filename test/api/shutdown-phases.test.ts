import test from 'ava';
import { expectError } from '../helpers/expect.js';
import { type Stack, startStack } from '../helpers/stack.js';

/**
 * What the edge answers in each phase of a shutdown (the processes' own test drives a real SIGTERM):
 * draining, readiness is 503 and every answer says Connection: close; closing, a request that still
 * arrives gets the error envelope (503 SERVICE_UNAVAILABLE, Retry-After), not Fastify's own body.
 */
let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  stack.app.shutdownPhase = 'serving';
  await stack?.close();
});

const get = (url: string) => stack.app.inject({ method: 'GET', url });

test.serial('draining: readiness 503 NOT_READY at once, other answers served with Connection: close', async (t) => {
  stack.app.shutdownPhase = 'draining';
  try {
    const ready = await get('/health/ready');
    expectError(t, ready, 503, 'NOT_READY', { shuttingDown: true });
    t.is(ready.headers.connection, 'close');
    const live = await get('/health/live');
    t.is(live.statusCode, 200);
    t.is(live.headers.connection, 'close');
  } finally {
    stack.app.shutdownPhase = 'serving';
  }
  t.is((await get('/health/ready')).statusCode, 200);
});

test.serial(
  'closing: a request that still arrives is answered 503 SERVICE_UNAVAILABLE in the envelope, with Retry-After and Connection: close',
  async (t) => {
    stack.app.shutdownPhase = 'closing';
    try {
      for (const url of ['/users', '/health/live', '/no-such-route']) {
        const res = await get(url);
        expectError(t, res, 503, 'SERVICE_UNAVAILABLE');
        t.is(res.headers['retry-after'], '1');
        t.is(res.headers.connection, 'close');
        t.truthy(res.json().meta.requestId);
      }
    } finally {
      stack.app.shutdownPhase = 'serving';
    }
  },
);
