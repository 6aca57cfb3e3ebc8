import type { FastifyInstance, RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preParsing' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse';

const methodsOf = (route: RouteOptions): string[] => [route.method].flat();

/** Whether a route answers any of `methods`. */
export const answers =
  (...methods: string[]) =>
  (route: RouteOptions): boolean =>
    methodsOf(route).some((m) => methods.includes(m));

/**
 * Adds `hook` as a route-level hook of every route registered from now on that `applies` picks: the
 * routes it does not concern run nothing for it. A global hook costs every request a call, and an
 * async one a promise and a turn of the microtask queue, even when it returns at once: idempotency on
 * a GET. A route's hooks of one kind run after the global hooks of that kind, in the order added.
 */
export function addRouteHook(
  app: FastifyInstance,
  name: HookName,
  applies: (route: RouteOptions) => boolean,
  hook: (...args: never[]) => unknown,
): void {
  app.addHook('onRoute', (route) => {
    if (!applies(route)) return;
    const existing = (route as unknown as Record<HookName, unknown>)[name];
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    (route as unknown as Record<HookName, unknown>)[name] = [...hooks, hook];
  });
}
