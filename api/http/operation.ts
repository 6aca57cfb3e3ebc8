import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserAct } from '../../shared/kernel/act.js';
import type { ServiceDeps } from '../../shared/kernel/deps.js';
import type { Page } from '../../shared/kernel/list.js';
import type { PermissionName } from '../../shared/kernel/permissions.js';
import type { PagePlan, PageRequest, SortSpec } from './pagination.js';
import { ok, sendWrite, userActOf } from './reply.js';

// A route of api/routes/<domain>/ is one line: its method, URL, permissions and schema, and one of the
// handlers below naming the domain's service. What a handler does with the request is the same for
// every route: its path parameters and body are the service's input (the body's fields after the
// parameters'), a write is sent with sendWrite (stored for idempotent replays), a read with ok, a list
// paged by the paginator.

/** The permissions a route requires (besides being signed in), as its `config`. */
export const can = (...permissions: PermissionName[]) => ({ permissions });

type Service<I, T> = (deps: ServiceDeps, act: UserAct, input: I) => Promise<T>;

/** What a request carries for its service: its path parameters and its body, as one object. */
type Carried<Rq> = (Rq extends { params: infer P } ? P : unknown) & (Rq extends { body: infer B } ? B : unknown);

/** The request, refused at compile time when what it carries is not the service's input. */
type Fits<Rq, I, W = unknown> = Rq &
  (Carried<Rq> & W extends I ? unknown : { 'the route does not carry the input of': I });

const carried = (request: FastifyRequest) => ({ ...(request.params as object), ...(request.body as object) });

/**
 * A write: the service with what the request carries and the fields of `also` (an action named by the
 * route), answered with `status` (a function of the result for 201 vs 200), the result or what
 * `present` picks of it.
 */
export const write =
  <I, T, W extends object = object>(
    status: number | ((result: T) => number),
    service: Service<I, T>,
    options: { also?: W; present?: (result: T) => unknown } = {},
  ) =>
  <Rq extends FastifyRequest>(request: Fits<Rq, I, W>, reply: FastifyReply) =>
    // The sent reply is returned, as Fastify wants of an async handler that sent it; its body was
    // rendered (and checked against the route's response schema) by sendWrite, hence no type here.
    sendWrite(
      request,
      reply,
      status,
      (act) => service(request.server.deps, act, { ...carried(request), ...options.also } as I),
      options.present,
    ) as Promise<never>;

/** A read of one record: the service with the request's path parameters, answered with its result. */
export const read =
  <I, T>(service: Service<I, T>) =>
  async <Rq extends FastifyRequest>(request: Fits<Rq, I>) =>
    ok(request, await service(request.server.deps, userActOf(request), request.params as I));

/**
 * A list: `limit`, `cursor` and `sort` of the query make the page, the rest of it are the filters;
 * answered with the page of the rows as `view` shows them and the next page's cursor.
 */
export const list =
  <F, R, V, S extends string>(
    spec: SortSpec<S>,
    service: (deps: ServiceDeps, act: UserAct, input: { filters: F; page: PagePlan<S> }) => Promise<Page<R>>,
    view: (row: R) => V,
  ) =>
  async (request: FastifyRequest & { query: PageRequest & F }) => {
    const { limit, cursor, sort, ...filters } = request.query;
    const plan = request.server.paginator.plan(spec, { limit, cursor, sort });
    const page = await service(request.server.deps, userActOf(request), { filters: filters as F, page: plan });
    return request.server.paginator.respond(request, plan, page, view);
  };
