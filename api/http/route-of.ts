import type { FastifyInstance, FastifyRequest } from 'fastify';

type RouteOptions = FastifyRequest['routeOptions'];

declare module 'fastify' {
  interface FastifyRequest {
    /** `routeOptions` as first read in this request (see routeOf). */
    routeRead: RouteOptions | null;
  }
}

/** Gives every request the slot routeOf keeps its route in (null until first read: the request's shape never changes). */
export function decorateRouteOf(app: FastifyInstance): void {
  app.decorateRequest('routeRead', null);
}

/**
 * The request's route (its URL template, config, schema and body limit). Fastify's
 * `request.routeOptions` is a getter that builds a new 12-field object at every read, and a request
 * read it seven times between its hooks, its handler and its metrics; this reads it once. A request
 * that `reply.callNotFound()` hands to the not-found route (as a static file route does for a missing
 * file) changes route: `is404` (a plain read, nothing built) says so, and the route is read again.
 */
export function routeOf(request: FastifyRequest): RouteOptions {
  let route = request.routeRead;
  // undefined: a request Fastify refused before routing is made from its base class, without the slot.
  if (route == null || (route.url !== undefined && request.is404)) {
    route = request.routeOptions;
    request.routeRead = route;
  }
  return route;
}
