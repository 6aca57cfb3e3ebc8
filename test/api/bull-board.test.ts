import { existsSync } from 'node:fs';
import test from 'ava';
import { createSigner } from 'fast-jwt';
import { type Browser, chromium } from 'playwright-core';
import { QUEUE_NAMES } from '../../shared/jobs/catalogue.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { bearer } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

/**
 * The browser test drives Debian's Chromium (CHROMIUM_PATH elsewhere). Where there is none it is skipped,
 * saying why in the summary, unless REQUIRE_BROWSER_TESTS is set (as .ci/run does): then it must run.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const withBrowser = existsSync(CHROMIUM) || Boolean(process.env.REQUIRE_BROWSER_TESTS);
const browserTest = withBrowser ? test : test.skip;
const browserNote = withBrowser
  ? ''
  : ` (skipped: no Chromium at ${CHROMIUM}; install Debian's chromium or set CHROMIUM_PATH)`;

let stack: Stack;
let base: string;
let browser: Browser;
test.before(async () => {
  stack = await startStack();
  base = await stack.app.listen({ port: 0, host: '127.0.0.1' });
  if (!withBrowser) return;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
test.after.always(async () => {
  await browser?.close();
  await stack?.close();
});

test('without a session the board answers 401', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/admin/queues' });
  t.is(res.statusCode, 401);
  t.is(res.json().error.code, 'UNAUTHENTICATED');
});

/** What Chromium sends when a page is opened. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';

test('a browser opening the board without a session is sent to the sign-in page', async (t) => {
  for (const url of ['/admin/queues', '/admin/queues/', '/admin/queues/queue/mail']) {
    const res = await stack.app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
    t.is(res.statusCode, 303, url);
    t.is(res.headers.location, '/admin/queues/sign-in', url);
    t.truthy(res.headers['x-request-id']);
  }
});

test('a browser with an expired, revoked or malformed board cookie is sent to sign in, and the cookie is cleared', async (t) => {
  const admin = await given.account(stack, { roles: ['admin'] });
  const pair = await given.login(stack, admin);
  const expired = createSigner({
    key: stack.config.JWT_SECRET as string,
    algorithm: 'HS256',
    expiresIn: 900_000,
    clockTimestamp: Date.now() - 3_600_000,
  })({ sub: admin.id, sid: pair.familyId, jti: uuidv7() });
  const open = (cookie: string) =>
    stack.app.inject({
      method: 'GET',
      url: '/admin/queues',
      headers: { accept: BROWSER_ACCEPT, cookie: `board_token=${cookie}` },
    });
  t.is((await open(pair.accessToken)).statusCode, 200, 'the live session opens the board');
  const revoked = await given.account(stack, { roles: ['admin'] });
  const revokedPair = await given.login(stack, revoked);
  const loggedOut = await stack.app.inject({
    method: 'POST',
    url: '/auth/logout-all',
    headers: { authorization: `Bearer ${revokedPair.accessToken}` },
  });
  t.true(loggedOut.statusCode < 300, loggedOut.body);
  for (const [what, cookie] of [
    ['expired', expired],
    ['revoked', revokedPair.accessToken],
    ['forged', 'not.a.token'],
    ['malformed', '%E0%A4%A'],
  ]) {
    const res = await open(cookie);
    t.is(res.statusCode, 303, what);
    t.is(res.headers.location, '/admin/queues/sign-in', what);
    t.regex(String(res.headers['set-cookie']), /^board_token=; Path=\/admin\/queues; .*Max-Age=0/, what);
  }
});

test('API clients without a session keep the JSON 401 envelope on the board', async (t) => {
  for (const accept of [undefined, 'application/json', 'application/json, text/plain, */*', '*/*']) {
    const res = await stack.app.inject({
      method: 'GET',
      url: '/admin/queues/api/queues',
      headers: accept ? { accept } : {},
    });
    t.is(res.statusCode, 401, String(accept));
    t.is(res.json().error.code, 'UNAUTHENTICATED', String(accept));
  }
  const posted = await stack.app.inject({
    method: 'PUT',
    url: '/admin/queues/api/queues/mail/pause',
    headers: { accept: BROWSER_ACCEPT },
  });
  t.is(posted.statusCode, 401, 'only page loads are redirected');
});

test('without queue:read or queue:admin the board answers 403 naming the permission to look', async (t) => {
  const user = await given.user(stack, { permissions: ['system:read'] });
  const res = await stack.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: bearer(user) });
  t.is(res.statusCode, 403);
  t.deepEqual(res.json().error.details, { missingPermissions: ['queue:read'] });
});

test('queue:read may look at the board but not act: a retry, a removal or a clean answers 403 naming queue:admin', async (t) => {
  const viewer = await given.user(stack, { permissions: ['queue:read'] });
  const queue = stack.app.queues.get('mail');
  const job = await queue.add('send', { to: 'ids-only' }, { attempts: 1, delay: 60_000 });
  const looked = await stack.app.inject({
    method: 'GET',
    url: '/admin/queues/api/queues?activeQueue=mail&status=delayed',
    headers: bearer(viewer),
  });
  t.is(looked.statusCode, 200);
  t.true(
    looked
      .json()
      .queues.find((q: { name: string }) => q.name === 'mail')
      .jobs.some((j: { id: string }) => j.id === job.id),
  );
  for (const [method, url] of [
    ['PUT', `/admin/queues/api/queues/mail/${job.id}/promote`],
    ['PUT', `/admin/queues/api/queues/mail/${job.id}/clean`],
    ['PUT', '/admin/queues/api/queues/mail/clean/delayed'],
  ] as const) {
    const acted = await stack.app.inject({ method, url, headers: bearer(viewer) });
    t.is(acted.statusCode, 403, url);
    t.deepEqual(acted.json().error.details, { missingPermissions: ['queue:admin'] }, url);
  }
  t.is(await (await queue.getJob(job.id!))?.getState(), 'delayed', 'the job is untouched');
  const admin = await given.user(stack, { permissions: ['queue:admin'] });
  const promoted = await stack.app.inject({
    method: 'PUT',
    url: `/admin/queues/api/queues/mail/${job.id}/promote`,
    headers: bearer(admin),
  });
  t.is(promoted.statusCode, 204);
  t.not(await (await queue.getJob(job.id!))?.getState(), 'delayed', 'queue:admin acts');
  await queue.obliterate({ force: true });
});

test('the board has a rate limit of its own: polling past the API limit is served, and does not spend the API budget', async (t) => {
  const admin = await given.user(stack, { permissions: ['queue:admin', 'system:read'] });
  const ip = '203.0.113.77';
  // RATE_LIMIT_MAX is 120 per window in tests: the board is polled more than that from one address.
  for (let i = 0; i < 130; i++) {
    const res = await stack.app.inject({
      method: 'GET',
      url: '/admin/queues/api/queues',
      headers: bearer(admin),
      remoteAddress: ip,
    });
    if (res.statusCode !== 200) return t.fail(`poll ${i + 1}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  const api = await stack.app.inject({ method: 'GET', url: '/system/info', headers: bearer(admin), remoteAddress: ip });
  t.is(api.statusCode, 200, 'the API budget of the same address is untouched');
  t.is(
    api.headers['ratelimit-remaining'] ?? api.headers['x-ratelimit-remaining'],
    String(stack.config.RATE_LIMIT_MAX - 1),
  );
});

test('the board page loads nothing from other hosts: no external link or script, a same-origin CSP', async (t) => {
  const admin = await given.user(stack, { permissions: ['queue:read'] });
  const page = await stack.app.inject({ method: 'GET', url: '/admin/queues/', headers: bearer(admin) });
  t.is(page.statusCode, 200);
  t.regex(page.headers['content-type'] as string, /^text\/html/);
  const refs = [...page.body.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
  t.true(refs.length > 3);
  t.deepEqual(
    refs.filter((r) => /^(?:[a-z]+:)?\/\//i.test(r) && !r.startsWith('/admin/queues')),
    [],
    'every asset is on this origin',
  );
  const csp = String(page.headers['content-security-policy']);
  t.regex(csp, /default-src 'self'/);
  t.regex(csp, /script-src 'self'(;|$)/);
  t.notRegex(csp, /https?:/);
});

test('the board API lists every queue of the contract with its jobs', async (t) => {
  const admin = await given.user(stack, { permissions: ['queue:admin'] });
  const waiting = await stack.app.queues.get('mail').add('send', { to: 'ids-only' }, { attempts: 1 });
  const res = await stack.app.inject({
    method: 'GET',
    url: '/admin/queues/api/queues?activeQueue=mail&status=waiting',
    headers: bearer(admin),
  });
  t.is(res.statusCode, 200);
  const queues = res.json().queues as { name: string; counts: Record<string, number>; jobs: { id: string }[] }[];
  t.deepEqual(queues.map((q) => q.name).sort(), [...QUEUE_NAMES].sort());
  const mail = queues.find((q) => q.name === 'mail')!;
  t.is(mail.counts.waiting, 1);
  t.true(mail.jobs.some((j) => j.id === waiting.id));
});

browserTest(
  `an admin signs in on the board sign-in page and sees every queue in a real browser${browserNote}`,
  async (t) => {
    const admin = await given.account(stack, { roles: ['admin'] });
    const context = await browser.newContext();
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    await page.goto(`${base}/admin/queues`);
    t.is(page.url(), `${base}/admin/queues/sign-in`, 'opening the board without a session leads to sign-in');
    await page.fill('input[name=email]', admin.email);
    await page.fill('input[name=password]', admin.password);
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/admin/queues/`);
    for (const name of QUEUE_NAMES) {
      await page.getByText(name, { exact: true }).first().waitFor({ timeout: 15_000 });
    }
    const cookie = (await context.cookies()).find((c) => c.name === 'board_token');
    t.true(cookie?.httpOnly, 'the board cookie is HttpOnly');
    t.is(cookie?.sameSite, 'Strict');
    t.is(cookie?.path, '/admin/queues');
    t.deepEqual(elsewhere, [], 'the board loads nothing from other hosts');
    await page.screenshot({ path: 'test-results/bull-board.png' }).catch(() => {});
    await context.close();
  },
);

test('a signed-in user without queue:read or queue:admin is refused at the board sign-in exchange', async (t) => {
  const clerk = await given.user(stack, { permissions: ['system:read'] });
  const res = await stack.app.inject({ method: 'POST', url: '/admin/queues/session', headers: bearer(clerk) });
  t.is(res.statusCode, 403);
  t.falsy(res.headers['set-cookie']);
});

test('the board cookie is not accepted outside the board', async (t) => {
  const admin = await given.user(stack, { permissions: ['queue:admin', 'system:read'] });
  const res = await stack.app.inject({
    method: 'GET',
    url: '/system/info',
    headers: { cookie: `board_token=${admin.token}` },
  });
  t.is(res.statusCode, 401);
});
