import { existsSync } from 'node:fs';
import test from 'ava';
import { type Browser, chromium } from 'playwright-core';
import { QUEUE_NAMES } from '../../shared/queues/names.js';
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

test('without queue:admin the board answers 403 naming the permission', async (t) => {
  const user = await given.user(stack, { permissions: ['system:read'] });
  const res = await stack.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: bearer(user) });
  t.is(res.statusCode, 403);
  t.deepEqual(res.json().error.details, { missingPermissions: ['queue:admin'] });
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
    t.is((await page.goto(`${base}/admin/queues`))?.status(), 401);
    await page.goto(`${base}/admin/queues/sign-in`);
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
    await page.screenshot({ path: 'test-results/bull-board.png' }).catch(() => {});
    await context.close();
  },
);

test('a signed-in user without queue:admin is refused at the board sign-in exchange', async (t) => {
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
