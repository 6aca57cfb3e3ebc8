import test from 'ava';
import { buildApp } from '../../api/app.js';
import { createOrm } from '../../shared/domains.js';
import { bearer } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { createTestDatabase, testConfig } from '../helpers/stack.js';

test('a request logs one completion line with method, url, status and time; every line carries its requestId and the client correlation id; credentials never reach the log', async (t) => {
  const lines: string[] = [];
  const config = testConfig(await createTestDatabase(), { LOG_LEVEL: 'info' });
  const orm = await createOrm(config);
  const app = await buildApp({
    config,
    orm,
    logDestination: {
      write: (line) => {
        lines.push(line);
      },
    },
  });
  try {
    await app.ready();
    const user = await given.user({ app, orm }, { permissions: ['audit:read'] });
    const res = await app.inject({
      method: 'GET',
      url: '/audit?limit=1',
      headers: { ...bearer(user), 'x-request-id': 'log-check-1', cookie: 'board_token=secret-cookie' },
    });
    t.is(res.statusCode, 200);
    const requestId = res.headers['x-request-id'];
    t.not(requestId, 'log-check-1', 'the service makes the request id');
    const mine = lines.map((l) => JSON.parse(l)).filter((l) => l.requestId === requestId);
    const completed = mine.filter((l) => l.msg === 'request completed');
    t.is(completed.length, 1, 'one access-log line per request');
    t.like(completed[0], { req: { method: 'GET', url: '/audit?limit=1' }, res: { statusCode: 200 } });
    t.is(typeof completed[0].responseTime, 'number');
    const requestLines = lines.filter((l) => l.includes('/audit?limit=1'));
    t.true(requestLines.length >= 1);
    for (const l of requestLines) t.like(JSON.parse(l), { requestId, correlationId: 'log-check-1' });
    // A client id that is not well formed is neither kept nor written anywhere.
    const odd = 'log check <2>';
    const refused = await app.inject({
      method: 'GET',
      url: '/audit?limit=2',
      headers: { ...bearer(user), 'x-request-id': odd, 'x-correlation-id': 'x'.repeat(129) },
    });
    t.is(refused.statusCode, 200);
    t.is(refused.json().meta.correlationId, undefined);
    const oddLines = lines.filter((l) => l.includes('/audit?limit=2')).map((l) => JSON.parse(l));
    t.true(oddLines.length >= 1);
    for (const l of oddLines) t.false('correlationId' in l, 'no correlationId on the log line');
    const all = lines.join('\n');
    t.false(all.includes(user.token), 'the access token is not logged');
    t.false(all.includes('secret-cookie'), 'cookies are not logged');
    t.false(all.includes(odd), 'a malformed client id is not logged');
    t.false(all.includes('x'.repeat(129)), 'an over-long client id is not logged');
  } finally {
    await app.close();
    await orm.close();
  }
});

test("the access line keeps pino's shape, field for field and in order, and a hostile Host, URL or version stays inside its string", async (t) => {
  const lines: string[] = [];
  const config = testConfig(await createTestDatabase(), { LOG_LEVEL: 'info' });
  const orm = await createOrm(config);
  const app = await buildApp({ config, orm, logDestination: { write: (line) => void lines.push(line) } });
  try {
    await app.ready();
    const user = await given.user({ app, orm }, { permissions: ['audit:read'] });
    const host = 'evil"\\,"level":60,"x":"\u2028é';
    const res = await app.inject({
      method: 'GET',
      url: '/audit?limit=1&q=%22%7D',
      headers: { ...bearer(user), host, 'accept-version': '1"}', 'x-correlation-id': 'shape-check' },
    });
    t.is(res.statusCode, 400, 'refused (q is no filter of the audit list), and logged all the same');
    const raw = lines.filter((l) => l.includes('request completed'));
    t.is(raw.length, 1);
    t.true(raw[0].endsWith('}\n'), 'one line, ended by a newline');
    t.is(raw[0].split('\n').length, 2);
    const line = JSON.parse(raw[0]);
    t.deepEqual(Object.keys(line), [
      'level',
      'time',
      'pid',
      'hostname',
      'name',
      'requestId',
      'traceId',
      'correlationId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    t.like(line, {
      level: 30,
      pid: process.pid,
      name: 'web',
      requestId: res.headers['x-request-id'],
      correlationId: 'shape-check',
      res: { statusCode: 400 },
      msg: 'request completed',
    });
    t.deepEqual(line.req, {
      method: 'GET',
      url: '/audit?limit=1&q=%22%7D',
      version: '1"}',
      host,
      remoteAddress: '127.0.0.1',
      // inject has no socket port; over a real connection the port follows
      ...('remotePort' in line.req ? { remotePort: line.req.remotePort } : {}),
    });
    t.is(new Date(line.time).toISOString(), line.time);
    t.true(line.responseTime > 0);
  } finally {
    await app.close();
    await orm.close();
  }
});
