import test from 'ava';
import type { CatalogRoute } from '../../api/app.js';
import { PERMISSIONS } from '../../shared/domain/access/permissions.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** Documentation UI: HTML and static assets, not JSON operations. */
const isDocsUi = (r: CatalogRoute) => r.url.startsWith('/docs');
const isBoard = (r: CatalogRoute) => r.url.startsWith('/admin/queues');

let stack: Stack;
let routes: CatalogRoute[];
let openapi: Record<string, any>;
test.before(async () => {
  stack = await startStack();
  routes = stack.app.routeCatalog.filter((r) => r.method !== 'HEAD');
  openapi = (await stack.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});
test.after.always(async () => { await stack?.close(); });

test('/openapi.json is an OpenAPI 3.1 document generated from the route schemas', async (t) => {
  t.is(openapi.openapi, '3.1.0');
  t.truthy(openapi.paths['/health/ready'].get);
  const webhook = openapi.paths['/webhooks/registry'].post;
  t.is(webhook.requestBody.content['application/json'].schema.properties.eventId.type, 'string');
  t.deepEqual(webhook.security, []);
  t.truthy(webhook.responses['201'] && webhook.responses['200'] && webhook.responses['4XX']);
  t.deepEqual(openapi.paths['/system/info'].get['x-permissions'], ['system:read']);
  t.regex(openapi.paths['/system/info'].get.description, /Requires: system:read/);
});

test('every registered API route has a success response schema and error schemas', async (t) => {
  const api = routes.filter((r) => !isDocsUi(r) && !isBoard(r));
  t.true(api.length >= 7, `found ${api.length} routes`);
  const missing = api.filter((r) => {
    const response = (r.schema?.response ?? {}) as Record<string, unknown>;
    const success = Object.keys(response).some((code) => /^2(\d\d|xx)$/.test(code));
    return !success || (r.url !== '/openapi.json' && (!response['4xx'] || !response['5xx']));
  });
  t.deepEqual(missing.map((r) => `${r.method} ${r.url}`), []);
});

test('every protected route declares the permissions it needs (an empty list: any signed-in user), each from the catalogue', async (t) => {
  const protectedRoutes = routes.filter((r) => !isDocsUi(r) && !r.config?.public);
  const undeclared = protectedRoutes.filter((r) => !Array.isArray(r.config?.permissions));
  t.deepEqual(undeclared.map((r) => `${r.method} ${r.url}`), []);
  for (const r of protectedRoutes) for (const p of r.config?.permissions as string[]) t.true(p in PERMISSIONS, `${r.url}: ${p}`);
});

test('the browsable reference is served at /docs', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/docs/' });
  t.is(res.statusCode, 200);
  t.regex(String(res.headers['content-type']), /text\/html/);
  t.regex(res.body, /swagger/i);
});
