import http from 'node:http';
import test from 'ava';
import { RefusedAddresses } from '../../api/http/refused-addresses.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { type Stack, startStack } from '../helpers/stack.js';
import { signedRequest } from '../helpers/webhooks.js';

/**
 * An address whose requests keep being refused unread (too large, no such route) is answered at
 * accept for the rest of the second: over a real port, since the guard sits in front of the HTTP parser.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over a connection of its own (or the given keep-alive agent). */
function send(
  base: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string; agent?: http.Agent },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${opts.path}`,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: opts.agent ?? false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const oversized = {
  method: 'POST',
  path: '/auth/login',
  headers: { 'content-type': 'application/json' },
  body: 'x'.repeat(20_000),
};

async function listening(env: Record<string, string>): Promise<{ stack: Stack; base: string }> {
  const stack = await startStack({ env: { RATE_LIMIT_REFUSED_MAX: '3', ...env } });
  const base = await stack.app.listen({ port: 0, host: '127.0.0.1' });
  return { stack, base };
}

test('past RATE_LIMIT_REFUSED_MAX refusals in a second, new connections from the address get 429 at accept, unread, until the second ends', async (t) => {
  const { stack, base } = await listening({});
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // A client connected before the refusals keeps its connection.
    t.is((await send(base, { path: '/health/live', agent: keepAlive })).status, 200);
    // At once, so that they and what follows fall well inside one second even on a loaded machine.
    const refusals = await Promise.all([1, 2, 3, 4].map(() => send(base, oversized)));
    t.deepEqual(
      refusals.map((r) => r.status),
      [413, 413, 413, 413],
    );

    // A signed delivery the service would store: answered at accept, so nothing of it is read or stored.
    const event = {
      eventId: `evt-${uuidv7()}`,
      type: 'identity.verified',
      occurredAt: new Date().toISOString(),
      data: {},
    };
    const signed = signedRequest(stack.app, event);
    const refused = await send(base, {
      method: 'POST',
      path: signed.url,
      headers: signed.headers,
      body: signed.payload,
    });
    t.is(refused.status, 429);
    const body = JSON.parse(refused.body);
    t.is(body.error.code, 'RATE_LIMITED');
    t.is(refused.headers['x-request-id'], body.meta.requestId);
    t.is(refused.headers['retry-after'], '1');
    t.is(refused.headers['ratelimit-remaining'], '0');
    t.is(refused.headers['cache-control'], 'no-store');
    t.is(refused.headers['x-content-type-options'], 'nosniff');
    t.is(refused.headers['api-version'], '1');
    const stored = await stack.orm.em
      .fork()
      .execute(`select count(*)::int as n from registry_events where event_id = ?`, [event.eventId]);
    t.is(stored[0].n, 0, 'the delivery was never read');

    t.is((await send(base, { path: '/health/live', agent: keepAlive })).status, 200, 'open connections go on');
    await new Promise((r) => setTimeout(r, 1100));
    t.is((await send(base, { path: '/health/live' })).status, 200, 'the next second, the address connects again');
  } finally {
    keepAlive.destroy();
    await stack.close();
  }
});

test('behind a trusted proxy the guard is off: every client would share the proxy address', async (t) => {
  const { stack, base } = await listening({ TRUST_PROXY: '127.0.0.1' });
  try {
    for (let i = 0; i < 5; i++) t.is((await send(base, oversized)).status, 413);
    t.is((await send(base, { path: '/health/live' })).status, 200);
  } finally {
    await stack.close();
  }
});

test('refusals count per address in one-second windows', (t) => {
  let now = 1_000_000;
  const refused = new RefusedAddresses(2, () => now);
  for (let i = 0; i < 3; i++) refused.record('10.0.0.1');
  refused.record('10.0.0.2');
  t.is(refused.blockedFor('10.0.0.1'), 1);
  t.is(refused.blockedFor('10.0.0.2'), 0, 'another address is not held to it');
  now += 999;
  t.is(refused.blockedFor('10.0.0.1'), 1);
  now += 1;
  t.is(refused.blockedFor('10.0.0.1'), 0, 'the window is over');
  refused.record('10.0.0.1');
  t.is(refused.blockedFor('10.0.0.1'), 0, 'a new window counts from one');
});

test('an IPv6 client is held by its /64: refusals from its other addresses count together', (t) => {
  const refused = new RefusedAddresses(2, () => 1_000_000);
  refused.record('2001:db8:bb:1::1');
  refused.record('2001:db8:bb:1::2');
  refused.record('2001:db8:bb:1:3:4:5:6');
  t.is(refused.blockedFor('2001:db8:bb:1:ffff::9'), 1, 'another address of the same /64');
  t.is(refused.blockedFor('2001:db8:bb:2::1'), 0, 'the next /64 is not held to it');
});
