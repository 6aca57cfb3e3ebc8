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
 * `request.routeOptions` is a getter that builds and freezes a new object at every read, and a request
 * reads it about seven times between its hooks, its handler and its metrics; this reads it once.
 */
export function routeOf(request: FastifyRequest): RouteOptions {
  let route = request.routeRead;
  if (route === null) {
    route = request.routeOptions;
    request.routeRead = route;
  }
  return route;
}
