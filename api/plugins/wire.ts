import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { payloadTooLarge } from '../http/errors.js';
import { guardedJsonParser, nulIn } from '../http/json-guards.js';
import { guardConnections, RefusedAddresses } from '../http/refused-addresses.js';
import { decorateRouteOf, routeOf } from '../http/route-of.js';
import { API_VERSION, wireHeaders } from '../http/wire-headers.js';
import { notFoundHandler } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Marks a request refused before its body is read: the answer closes the connection (the body is
     * never read) and the address is counted towards the refusals answered at accept.
     */
    refuseUnread(request: FastifyRequest, reply: FastifyReply): void;
  }
}

/**
 * Every request's id is the service's own (UUID v7, so logs sort by time): no client can choose or
 * repeat the id its audit entries carry. A client's own id is its correlation id (api/http/correlation.ts).
 */
export const newRequestId = (): string => uuidv7();

/**
 * X-Request-Id and API-Version on every response; request bodies are JSON only
 * (every other content type answers 415), an empty JSON body counts as no body.
 */
export const hasBody = (headers: Record<string, unknown>) =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

/**
 * The unread body of a refused request is neither drained nor read: the answer says
 * `Connection: close` and the socket is destroyed as soon as the answer is written, so whatever the
 * sender keeps pushing is dropped by the kernel instead of passing through the event loop.
 */
function closeOnceAnswered(reply: FastifyReply): void {
  reply.header('connection', 'close');
  reply.raw.once('finish', () => reply.raw.socket?.destroy());
}

export default fp(async (app) => {
  // Addresses whose requests keep being refused unread are answered at accept (see RefusedAddresses).
  const refused = new RefusedAddresses(app.config.RATE_LIMIT_REFUSED_MAX);
  if (!app.config.TRUST_PROXY) guardConnections(app.server, refused, API_VERSION);
  const refuseUnread = (request: FastifyRequest, reply: FastifyReply) => {
    refused.record(request.raw.socket?.remoteAddress);
    closeOnceAnswered(reply);
  };
  app.decorate('refuseUnread', refuseUnread);
  decorateRouteOf(app);

  // Not async: an async hook costs every request a promise, and this one rarely refuses.
  app.addHook('onRequest', (request, reply, done) => {
    wireHeaders(request, reply);
    const route = routeOf(request);
    // No route takes this body: answered before it is read, so a flood of large bodies to made-up paths costs nothing.
    if (!route.url && hasBody(request.headers)) {
      refuseUnread(request, reply);
      notFoundHandler(request, reply);
      return;
    }
    // A body declared larger than the route takes: refused before any other hook, the rate limit's
    // Redis round trip included (a refusal that costs less than counting it), and never read.
    const limit = route.bodyLimit;
    if (limit !== undefined && Number(request.headers['content-length'] ?? 0) > limit) {
      refuseUnread(request, reply);
      return done(payloadTooLarge(limit));
    }
    // A NUL in a path segment or query value would reach PostgreSQL, which stores none: refused here.
    const nul = request.url.indexOf('%00');
    if (nul >= 0) return done(nulIn(nul > request.url.indexOf('?') && request.url.includes('?') ? 'query' : 'params'));
    done();
  });

  app.removeAllContentTypeParsers();
  const parseJson = guardedJsonParser(app);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    parseJson(request, body as string, done);
  });
});
