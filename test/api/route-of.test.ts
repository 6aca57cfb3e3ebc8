import { createRequire } from 'node:module';
import test from 'ava';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import { expectData } from '../helpers/expect.js';

/**
 * Fastify's `request.routeOptions` builds a new object at every read. A request reads its
 * route once (api/http/route-of.ts); @fastify/rate-limit's own read is the only other.
 */
// Fastify's own request constructor, whose prototype holds the routeOptions getter (not configurable).
const Request = createRequire(import.meta.url)('fastify/lib/request.js') as { prototype: object };

let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

test.serial("an authenticated read reads its route's options once, not at every hook", async (t) => {
  const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, 'routeOptions');
  t.truthy(descriptor?.get, "Fastify's request prototype holds the routeOptions getter");
  // The app's own request class (Fastify keeps it under a symbol) inherits it: a getter of the same name
  // there, counting, stands in front of it for every route's requests.
  const app = stack.app as unknown as Record<symbol, { prototype: object }>;
  const kRequest = Object.getOwnPropertySymbols(app).find((s) => s.description === 'fastify.Request');
  t.truthy(kRequest, "the app's request class");
  const prototype = app[kRequest!]!.prototype;
  let reads = 0;
  Object.defineProperty(prototype, 'routeOptions', {
    configurable: true,
    get() {
      reads++;
      return descriptor!.get!.call(this);
    },
  });
  try {
    expectData(t, await api.as(admin).get(`/users/${admin.id}`));
  } finally {
    delete (prototype as Record<string, unknown>).routeOptions;
  }
  t.true(reads >= 1, 'the count sees the reads');
  t.true(reads <= 2, `${reads} reads of routeOptions in one request`);
});

test.serial(
  'a request a route hands on to the not-found route is counted as unmatched, not under the route it left',
  async (t) => {
    // Bull Board's static files: a missing one is handed to the not-found route (reply.callNotFound()).
    const res = await api.as(admin).get('/admin/queues/static/no-such-file.js');
    t.is(res.statusCode, 404);
    const text = await stack.app.metrics.getSingleMetricAsString('http_requests_total');
    t.regex(text, /http_requests_total\{[^}]*route="unmatched"[^}]*status="404"[^}]*\}/);
    t.notRegex(text, /route="\/admin\/queues\/static\/\*"[^}]*status="404"/);
  },
);
