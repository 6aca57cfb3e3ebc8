import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { sendWebhook } from '../../shared/domain/webhook-endpoints/send.js';
import {
  checkEndpointUrl,
  ForbiddenAddressError,
  isForbiddenAddress,
  type Resolver,
  resolvePublicAddress,
} from '../../shared/domain/webhook-endpoints/url-guard.js';
import { ValidationError } from '../../shared/kernel/errors.js';

/**
 * The SSRF guard and sender of outbound webhooks. Network rule of this file: nothing here connects
 * outside 127.0.0.0/8. Other addresses are only ever judged by the guard, names resolved by a fake
 * resolver; real traffic goes to local receivers on 127.0.0.1 with `allowPrivate: true`.
 */

const fakeResolver =
  (table: Record<string, string[]>): Resolver =>
  async (host) =>
    (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const refusalOf = (raw: string, allowPrivate = false) => {
  const err = (() => {
    try {
      checkEndpointUrl(raw, { allowPrivate });
    } catch (e) {
      return e;
    }
  })();
  return err instanceof ValidationError ? (err.details as { constraint: string }[])[0].constraint : null;
};

test('isForbiddenAddress refuses every address that is not public unicast, and only those', (t) => {
  const forbidden = [
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.5',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '169.254.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'ff02::1',
    '2001:db8::1',
    '100::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::7f00:1',
    '::8.8.8.8',
    '64:ff9b::a00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::808:808',
    '2002:a00:1::',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
    '2001::1',
    '2001:0:4136:e378::1',
    '3fff::1',
    '',
    'example.com',
    '1.2.3',
    '999.1.1.1',
    '::ffff:999.0.0.1',
    'not an address',
  ];
  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '198.20.0.1',
    '2606:4700::1111',
    '2a00:1450:4007:80e::200e',
    '[2606:4700::1111]',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ];
  t.deepEqual(
    forbidden.filter((ip) => !isForbiddenAddress(ip)),
    [],
    'forbidden addresses that passed',
  );
  t.deepEqual(
    allowed.filter((ip) => isForbiddenAddress(ip)),
    [],
    'public addresses that were refused',
  );
});

test('checkEndpointUrl refuses cloud metadata URLs by scheme and by address', (t) => {
  t.is(refusalOf('http://169.254.169.254/latest/meta-data'), 'https');
  t.is(refusalOf('https://169.254.169.254/latest/meta-data'), 'address');
  t.is(refusalOf('https://169.254.169.254/'), 'address');
  t.is(refusalOf('https://[fd00:ec2::254]/'), 'address');
  t.is(refusalOf('https://metadata.google.internal/computeMetadata/v1/'), 'address');
});

test('checkEndpointUrl refuses loopback hidden in IPv4-mapped IPv6, dotted or hex, and in odd IPv4 spellings', (t) => {
  t.is(refusalOf('https://[::ffff:127.0.0.1]/'), 'address');
  t.is(refusalOf('https://[::ffff:7f00:1]/'), 'address');
  t.is(refusalOf('https://[::1]:8443/'), 'address');
  t.is(refusalOf('https://0x7f.1/'), 'address');
  t.is(refusalOf('https://2130706433/'), 'address');
});

test('checkEndpointUrl refuses user info, fragments, other schemes, bad URLs and internal names', (t) => {
  t.is(refusalOf('https://user:pw@example.com/'), 'userinfo');
  t.is(refusalOf('https://user@example.com/'), 'userinfo');
  t.is(refusalOf('https://@example.com/'), 'userinfo');
  t.is(refusalOf('https://example.com/hook#frag'), 'format');
  t.is(refusalOf('https://example.com/hook#'), 'format');
  t.is(refusalOf('/relative/path'), 'format');
  t.is(refusalOf('not a url'), 'format');
  t.is(refusalOf('https://exa\tmple.com/'), 'format');
  t.is(refusalOf('ftp://example.com/'), 'https');
  t.is(refusalOf('file:///etc/passwd', true), 'https');
  for (const host of ['localhost', 'LOCALHOST.', 'api.localhost', 'db.internal', 'metadata', 'svc.cluster.local']) {
    t.is(refusalOf(`https://${host}/`), 'address', host);
  }
});

test('checkEndpointUrl refuses http:// without allowPrivate and accepts it, and local hosts, with it', (t) => {
  t.is(refusalOf('http://example.com/hook'), 'https');
  t.is(checkEndpointUrl('http://127.0.0.1:8080/hook', { allowPrivate: true }).port, '8080');
  t.is(checkEndpointUrl('http://localhost/hook', { allowPrivate: true }).hostname, 'localhost');
  t.is(refusalOf('http://user:pw@127.0.0.1/', true), 'userinfo');
  t.is(checkEndpointUrl('https://example.com/hook?a=1', { allowPrivate: false }).hostname, 'example.com');
});

test('guard refusals do not echo the URL, so its query string (which may hold a secret) never leaks', (t) => {
  const err = t.throws(() => checkEndpointUrl('http://169.254.169.254/?token=s3cret', { allowPrivate: false }));
  t.false(err.message.includes('s3cret'));
});

test('resolvePublicAddress refuses a name that resolves to a private address, naming the host only', async (t) => {
  const url = checkEndpointUrl('https://hooks.example.com/in?token=s3cret', { allowPrivate: false });
  const resolver = fakeResolver({ 'hooks.example.com': ['10.0.0.5'] });
  const err = await t.throwsAsync(resolvePublicAddress(url, { allowPrivate: false, resolver }), {
    instanceOf: ForbiddenAddressError,
  });
  t.true(err.message.includes('hooks.example.com'));
  t.false(err.message.includes('s3cret'));
  t.false(err.message.includes('/in'));
});

test('resolvePublicAddress refuses a name when any one of its addresses is private (rebinding)', async (t) => {
  const url = new URL('https://mixed.example.com/');
  const resolver = fakeResolver({ 'mixed.example.com': ['93.184.216.34', '127.0.0.1'] });
  await t.throwsAsync(resolvePublicAddress(url, { allowPrivate: false, resolver }), {
    instanceOf: ForbiddenAddressError,
  });
  const v6 = fakeResolver({ 'mixed.example.com': ['2606:4700::1111', 'fd00:ec2::254'] });
  await t.throwsAsync(resolvePublicAddress(url, { allowPrivate: false, resolver: v6 }), {
    instanceOf: ForbiddenAddressError,
  });
});

test('resolvePublicAddress refuses a name that resolves to nothing', async (t) => {
  const url = new URL('https://nothing.example.com/');
  await t.throwsAsync(resolvePublicAddress(url, { allowPrivate: false, resolver: fakeResolver({}) }), {
    instanceOf: ForbiddenAddressError,
  });
});

test('resolvePublicAddress accepts a public name and returns the first checked address (nothing is sent)', async (t) => {
  const url = new URL('https://example.com/');
  const resolver = fakeResolver({ 'example.com': ['93.184.216.34', '2606:2800:220:1::1'] });
  t.deepEqual(await resolvePublicAddress(url, { allowPrivate: false, resolver }), {
    address: '93.184.216.34',
    family: 4,
  });
});

test('resolvePublicAddress uses an IP literal as is, without calling the resolver', async (t) => {
  const resolver: Resolver = async () => {
    throw new Error('resolver called');
  };
  t.deepEqual(await resolvePublicAddress(new URL('https://[2606:4700::1111]/'), { allowPrivate: false, resolver }), {
    address: '2606:4700::1111',
    family: 6,
  });
  await t.throwsAsync(resolvePublicAddress(new URL('https://[::1]/'), { allowPrivate: false, resolver }), {
    instanceOf: ForbiddenAddressError,
  });
});

// Local receivers: every connection below goes to 127.0.0.1.
interface Received {
  method?: string;
  body: string;
  headers: IncomingMessage['headers'];
}
async function receiver(answer: (res: ServerResponse, req: IncomingMessage) => void) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      received.push({ method: req.method, body, headers: req.headers });
      answer(res, req);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { server, port, received, url: `http://127.0.0.1:${port}`, close };
}

test('sendWebhook delivers the body and headers intact to a local receiver and reports ok', async (t) => {
  const r = await receiver((res) => res.writeHead(204).end());
  t.teardown(r.close);
  const body = JSON.stringify({ type: 'policy.created', data: { id: 'pol_1', name: 'Zoë' } });
  const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,abc=' };
  const result = await sendWebhook({ url: `${r.url}/hook?x=1` }, { body, headers }, { allowPrivate: true });
  t.like(result, { ok: true, status: 204, error: null });
  t.true(result.durationMs >= 0);
  t.is(r.received.length, 1);
  const got = r.received[0];
  t.is(got.method, 'POST');
  t.is(got.body, body);
  t.like(got.headers, {
    ...headers,
    'content-type': 'application/json',
    'user-agent': 'insurance-backoffice-webhooks/1',
    host: `127.0.0.1:${r.port}`,
  });
});

test('sendWebhook connects to the address the guard checked, keeping the name for the Host header', async (t) => {
  const r = await receiver((res) => res.writeHead(200).end('ok'));
  t.teardown(r.close);
  const resolver = fakeResolver({ 'hooks.test': ['127.0.0.1'] });
  const result = await sendWebhook(
    { url: `http://hooks.test:${r.port}/` },
    { body: '{}', headers: {} },
    { allowPrivate: true, resolver },
  );
  t.like(result, { ok: true, status: 200 });
  t.is(r.received[0].headers.host, `hooks.test:${r.port}`);
});

test('sendWebhook does not follow a redirect: the target of the Location receives nothing', async (t) => {
  const elsewhere = await receiver((res) => res.writeHead(200).end());
  t.teardown(elsewhere.close);
  const r = await receiver((res) => res.writeHead(302, { location: `${elsewhere.url}/` }).end());
  t.teardown(r.close);
  const result = await sendWebhook({ url: r.url }, { body: '{}', headers: {} }, { allowPrivate: true });
  t.deepEqual(
    { ...result, durationMs: 0 },
    {
      ok: false,
      status: 302,
      durationMs: 0,
      error: 'redirect not followed (status 302)',
    },
  );
  t.is(r.received.length, 1);
  t.is(elsewhere.received.length, 0);
});

test('sendWebhook times out on a receiver that never answers', async (t) => {
  const r = await receiver(() => {});
  t.teardown(r.close);
  const result = await sendWebhook({ url: r.url }, { body: '{}', headers: {} }, { allowPrivate: true, timeoutMs: 300 });
  t.like(result, { ok: false, status: null, error: 'timed out after 300 ms' });
  t.true(result.durationMs >= 250 && result.durationMs < 5000);
});

test('sendWebhook reports a 500 as a failure with its status, and does not echo the query string', async (t) => {
  const r = await receiver((res) => res.writeHead(500).end('boom'));
  t.teardown(r.close);
  const result = await sendWebhook(
    { url: `${r.url}/?token=s3cret` },
    { body: '{}', headers: {} },
    { allowPrivate: true },
  );
  t.like(result, { ok: false, status: 500, error: 'HTTP 500' });
});

test('sendWebhook reads at most 64 KiB of a huge response body and still reports the status', async (t) => {
  const r = await receiver((res) => {
    res.writeHead(200);
    const chunk = Buffer.alloc(16 * 1024, 'x');
    // An endless body: only the sender's cap ends this delivery before the timeout.
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
  t.teardown(r.close);
  const result = await sendWebhook(
    { url: r.url },
    { body: '{}', headers: {} },
    { allowPrivate: true, timeoutMs: 5000 },
  );
  t.like(result, { ok: true, status: 200, error: null });
  t.true(result.durationMs < 4000);
});

test('sendWebhook returns a refused connection as an error code instead of throwing', async (t) => {
  const r = await receiver(() => {});
  const { url } = r;
  const closed = once(r.server, 'close');
  r.close();
  await closed;
  const result = await sendWebhook({ url }, { body: '{}', headers: {} }, { allowPrivate: true });
  t.like(result, { ok: false, status: null, error: 'ECONNREFUSED' });
});

test('sendWebhook returns guard refusals without connecting: the metadata URL, a private name, http://', async (t) => {
  const send = (url: string, resolver = fakeResolver({})) =>
    sendWebhook({ url }, { body: '{}', headers: {} }, { allowPrivate: false, resolver });
  t.like(await send('http://169.254.169.254/latest/meta-data'), {
    ok: false,
    status: null,
    error: 'The URL must use https',
  });
  t.like(await send('https://169.254.169.254/'), { ok: false, status: null });
  const rebound = await send(
    'https://hooks.example.com/?token=s3cret',
    fakeResolver({ 'hooks.example.com': ['10.0.0.5'] }),
  );
  t.like(rebound, { ok: false, status: null });
  t.true(rebound.error?.includes('hooks.example.com'));
  t.false(rebound.error?.includes('s3cret'));
  t.like(await send('https://nowhere.example.com/'), { ok: false, status: null });
});
