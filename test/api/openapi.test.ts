import test from 'ava';
import type { CatalogRoute } from '../../api/app.js';
import { PERMISSIONS } from '../../shared/catalogues.js';
import { withResponsesInlined } from '../helpers/openapi-doc.js';
import { type Stack, startStack } from '../helpers/stack.js';

/** Documentation UI: HTML and static assets, not JSON operations. */
const isDocsUi = (r: CatalogRoute) => r.url.startsWith('/docs');
const isBoard = (r: CatalogRoute) => r.url.startsWith('/admin/queues');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let stack: Stack;
let routes: CatalogRoute[];
let openapi: Record<string, any>;
test.before(async () => {
  stack = await startStack();
  routes = stack.app.routeCatalog.filter((r) => r.method !== 'HEAD');
  openapi = withResponsesInlined((await stack.app.inject({ method: 'GET', url: '/openapi.json' })).json());
});
test.after.always(async () => {
  await stack?.close();
});

function operations(): { name: string; op: Record<string, any> }[] {
  return Object.entries(openapi.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** A schema (header, parameter), or the component its local $ref names. */
function deref(schema: Record<string, any>): Record<string, any> {
  if (typeof schema?.$ref !== 'string') return schema;
  const [, kind, name] = /^#\/components\/(schemas|headers|parameters)\/(.+)$/.exec(schema.$ref) ?? [];
  if (!kind || !name || !openapi.components[kind]?.[name]) throw new Error(`unresolved $ref ${schema.$ref}`);
  return openapi.components[kind][name];
}

/** Every `$ref` anywhere in a value. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.push(v);
      else refsIn(v, found);
    }
  }
  return found;
}

test('/openapi.json is an OpenAPI 3.1 document generated from the route schemas', async (t) => {
  t.is(openapi.openapi, '3.1.0');
  t.truthy(openapi.paths['/health/ready'].get);
  const webhook = openapi.paths['/webhooks/registry'].post;
  t.is(deref(webhook.requestBody.content['application/json'].schema).properties.eventId.type, 'string');
  t.deepEqual(webhook.security, []);
  t.truthy(webhook.responses['201'] && webhook.responses['200'] && webhook.responses['400']);
  t.deepEqual(openapi.paths['/system/info'].get['x-permissions'], ['system:read']);
  t.regex(openapi.paths['/system/info'].get.description, /Requires: system:read/);
  t.deepEqual(openapi.servers, [{ url: '/', description: 'This server' }]);
});

test('shared shapes are components referenced with $ref, never inlined', async (t) => {
  const components = openapi.components.schemas as Record<string, any>;
  for (const name of ['ErrorEnvelope', 'Meta', 'PageMeta', 'User', 'Role', 'Session', 'Permission', 'AuditEntry'])
    t.truthy(components[name], name);
  t.deepEqual(components.ErrorEnvelope.required, ['error', 'meta']);
  t.deepEqual(components.ErrorEnvelope.properties.meta, { $ref: '#/components/schemas/Meta' });
  t.deepEqual(Object.keys(components.PageMeta.properties), ['requestId', 'correlationId', 'page']);
  t.false(
    Object.keys(components).some((name) => /^def-\d+$/.test(name)),
    'components are named by their $id',
  );

  for (const { name, op } of operations()) {
    // Each error status is the envelope (its codes narrowed, see openapi-errors.test.ts), but OAuth's own on /auth/token.
    t.truthy(op.responses['500'] && op.responses['503'], `${name} 500 and 503`);
    for (const [code, response] of Object.entries(op.responses as Record<string, any>)) {
      if (!/^[45]/.test(code)) continue;
      const schema = response.content?.['application/json']?.schema;
      const envelope = schema?.allOf?.[0] ?? schema;
      const own = name === 'POST /auth/token' && ['400', '401'].includes(code);
      t.deepEqual(
        envelope,
        { $ref: `#/components/schemas/${own ? 'OAuthError' : 'ErrorEnvelope'}` },
        `${name} ${code}`,
      );
      t.truthy(response.description, `${name} ${code} description`);
    }
    for (const [code, response] of Object.entries(op.responses as Record<string, any>)) {
      const schema = response.content?.['application/json']?.schema;
      if (!/^2\d\d$/.test(code) || !schema?.properties?.meta) continue;
      const meta = schema.properties.meta.$ref;
      t.true(
        ['Meta', 'PageMeta', 'FeedMeta'].some((m) => meta === `#/components/schemas/${m}`),
        `${name} ${code} meta`,
      );
      if (schema.properties.data?.type === 'array' && meta === '#/components/schemas/PageMeta')
        t.truthy(schema.properties.data.items, name);
    }
  }
  // Every reference resolves, and no path holds a copy of the envelope.
  for (const ref of refsIn(openapi)) t.notThrows(() => deref({ $ref: ref }), ref);
  t.false(
    JSON.stringify(openapi.paths).includes('Stable machine-readable code'),
    'the error envelope is inlined in a path',
  );
  t.is(
    openapi.paths['/users/{id}'].get.responses['200'].content['application/json'].schema.properties.data.$ref,
    '#/components/schemas/User',
  );
  t.is(
    openapi.paths['/auth/sessions'].get.responses['200'].content['application/json'].schema.properties.data.items.$ref,
    '#/components/schemas/Session',
  );
});

test('every operation has an operationId, summary, description and declared tags; the permission note appears exactly once', async (t) => {
  const ops = operations();
  t.true(ops.length >= 30, `found ${ops.length} operations`);
  const declared = new Map(
    (openapi.tags as { name: string; description: string }[]).map((tag) => [tag.name, tag.description]),
  );
  t.is(declared.size, openapi.tags.length, 'tags are declared once');
  for (const description of declared.values()) t.truthy(description);
  const ids = new Set<string>();
  for (const { name, op } of ops) {
    t.truthy(op.operationId, `${name} operationId`);
    t.false(ids.has(op.operationId), `${name} operationId is unique`);
    ids.add(op.operationId);
    t.truthy(op.summary, `${name} summary`);
    t.truthy(op.description, `${name} description`);
    t.true(
      Array.isArray(op.tags) && op.tags.length > 0 && op.tags.every((tag: string) => declared.has(tag)),
      `${name} tags`,
    );

    const notes = (op.description as string).match(/Requires: [^\n]*|Any signed-in user\./g) ?? [];
    if (Array.isArray(op.security) && op.security.length === 0) {
      t.is(notes.length, 0, `${name} is public`);
      continue;
    }
    const permissions = op['x-permissions'] as string[];
    t.true(Array.isArray(permissions), `${name} x-permissions`);
    t.deepEqual(
      notes,
      [permissions.length ? `Requires: ${permissions.join(', ')}.` : 'Any signed-in user.'],
      `${name} states its permissions once`,
    );
  }
  // GET operations (whose HEAD route shares the schema) included.
  t.is(openapi.paths['/system/info'].get.description.split('Requires: system:read.').length, 2);
  t.is(openapi.paths['/auth/me'].get.description.split('Any signed-in user.').length, 2);
});

test('the workflow actions keep the summary of their workflow step', async (t) => {
  t.is(openapi.paths['/users/{id}/activate'].post.summary, 'pending, suspended, locked to active');
  t.is(openapi.paths['/auth/mfa/verify'].post.summary, 'pending to enabled');
});

test('responses are serialized through the referenced components', async (t) => {
  const health = await stack.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'oas-health-1' } });
  t.is(health.statusCode, 200);
  const body = health.json();
  t.deepEqual(Object.keys(body.data.checks).sort(), ['database', 'queues', 'redis']);
  t.is(body.data.checks.database.status, 'up');
  t.is(typeof body.data.checks.database.latencyMs, 'number');
  // The serializer keeps what Meta declares: the correlation id would be dropped if it did not.
  t.deepEqual(body.meta, { requestId: health.headers['x-request-id'], correlationId: 'oas-health-1' });

  const refused = await stack.app.inject({ method: 'GET', url: '/users', headers: { 'x-request-id': 'oas-401' } });
  t.is(refused.statusCode, 401);
  t.deepEqual(Object.keys(refused.json()).sort(), ['error', 'meta']);
  t.is(refused.json().error.code, 'UNAUTHENTICATED');
  t.deepEqual(refused.json().meta, { requestId: refused.headers['x-request-id'], correlationId: 'oas-401' });
});

test('every registered API route has a success response schema and error schemas', async (t) => {
  const api = routes.filter((r) => !isDocsUi(r) && !isBoard(r));
  t.true(api.length >= 7, `found ${api.length} routes`);
  const missing = api.filter((r) => {
    const response = (r.schema?.response ?? {}) as Record<string, unknown>;
    const success = Object.keys(response).some((code) => /^2(\d\d|xx)$/.test(code));
    return !success || (r.url !== '/openapi.json' && (!response['4xx'] || !response['5xx']));
  });
  t.deepEqual(
    missing.map((r) => `${r.method} ${r.url}`),
    [],
  );
});

test('every protected route declares the permissions it needs (an empty list: any signed-in user), each from the catalogue', async (t) => {
  const protectedRoutes = routes.filter((r) => !isDocsUi(r) && !r.config?.public);
  const undeclared = protectedRoutes.filter((r) => !Array.isArray(r.config?.permissions));
  t.deepEqual(
    undeclared.map((r) => `${r.method} ${r.url}`),
    [],
  );
  for (const r of protectedRoutes)
    for (const p of (r.config?.permissions ?? []) as string[]) t.true(p in PERMISSIONS, `${r.url}: ${p}`);
});

test('the browsable reference is served at /docs', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/docs/' });
  t.is(res.statusCode, 200);
  t.regex(String(res.headers['content-type']), /text\/html/);
  t.regex(res.body, /swagger/i);
});
