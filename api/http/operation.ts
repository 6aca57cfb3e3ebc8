import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Act, UserAct } from '../../shared/kernel/act.js';
import type { ServiceDeps } from '../../shared/kernel/deps.js';
import type { Page } from '../../shared/kernel/list.js';
import type { PermissionName } from '../../shared/kernel/permissions.js';
import { type PagePlan, type PageRequest, type SortSpec, sortedBy } from './pagination.js';
import { ok, readActOf, sendPublicWrite, sendWrite } from './reply.js';
import { routeOf } from './route-of.js';

// A route of api/routes/<domain>/ is one line: its method, URL, permissions and schema, and one of the
// handlers below naming the domain's service. What a handler does with the request is the same for
// every route: its path parameters and body are the service's input (the body's fields after the
// parameters'), a write is sent with sendWrite (stored for idempotent replays), a read with ok, a list
// paged by the paginator. What a route says beyond that is an option, checked at compile time like the
// rest: `rename` (a path parameter the service names otherwise), `also` (an action the route names, or
// what the app holds), `present` (what of the result is answered). Public writes use publicWrite; the
// edge's own answers (health, system info) use answer.

/** The permissions a route requires (besides being signed in), as its `config`. */
export const can = (...permissions: PermissionName[]) => ({ permissions });

/** A route's `preValidation` when its body is optional: none is the same as {}. */
export const noBodyIsEmpty = async (request: FastifyRequest) => {
  request.body ??= {};
};

type Service<A, I, T> = (deps: ServiceDeps, act: A, input: I) => Promise<T>;

/** Path parameters the service knows by another name: `{ id: 'policyId' }`. */
type Renames = Readonly<Record<string, string>>;
// biome-ignore lint/complexity/noBannedTypes: no renames, the identity of Renamed.
type NoRenames = {};
type Renamed<P, M> = { [K in keyof P as K extends keyof M ? M[K] & string : K]: P[K] };

type ParamsOf<Rq> = Rq extends { params: infer P } ? P : unknown;
type BodyOf<Rq> = Rq extends { body: infer B } ? B : unknown;
type FiltersOf<Rq> = Rq extends { query: infer Q } ? Omit<Q, keyof PageRequest> : unknown;

/** What a request carries for its service: its path parameters (renamed by M) and its body, as one object. */
type Carried<Rq, M> = Renamed<ParamsOf<Rq>, M> & BodyOf<Rq>;

/** The request, refused at compile time when what it carries (and what the route adds) is not the service's input. */
type Fits<Rq, I, Given> = Rq & (Given extends I ? unknown : { 'the route does not carry the input of': I });

function renamed(params: unknown, renames: Renames = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params ?? {})) out[renames[key] ?? key] = value;
  return out;
}

/**
 * What the request carries: its path parameters, and its body when the route declares one (a route
 * without a body schema takes no field of whatever body is sent: it could name another record's id).
 */
const carried = (request: FastifyRequest, renames?: Renames) => ({
  ...renamed(request.params, renames),
  ...(routeOf(request).schema?.body ? (request.body as object) : undefined),
});

interface WriteOptions<T, W, M> {
  /** Fields the route adds to what the request carries: an action it names, or what the app holds (a queue). */
  also?: W | ((request: FastifyRequest) => W);
  /** Path parameters the service knows by another name. */
  rename?: M;
  /** What of the result is the response's data (the record, not the flag that chose the status). */
  present?: (result: T) => unknown;
}

type Status<T> = number | ((result: T) => number);
type Sender<A> = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: Status<T>,
  run: (act: A) => Promise<T>,
  present?: (result: T) => unknown,
) => Promise<FastifyReply>;

const inputOf = <I>(request: FastifyRequest, options: WriteOptions<unknown, unknown, Renames>) => {
  const also = typeof options.also === 'function' ? options.also(request) : options.also;
  return { ...carried(request, options.rename), ...(also as object) } as I;
};

const writeWith =
  <A>(send: Sender<A>) =>
  <I, T, const W extends object = object, const M extends Renames = NoRenames>(
    status: Status<T>,
    service: Service<A, I, T>,
    options: WriteOptions<T, W, M> = {},
  ) =>
  <Rq extends FastifyRequest>(request: Fits<Rq, I, Carried<Rq, M> & W>, reply: FastifyReply) =>
    // The sent reply is returned, as Fastify wants of an async handler that sent it; its body was
    // rendered (and checked against the route's response schema) by the sender, hence no type here.
    send(
      request,
      reply,
      status,
      (act) => service(request.server.deps, act, inputOf<I>(request, options as WriteOptions<unknown, W, M>)),
      options.present,
    ) as Promise<never>;

/**
 * A write: the service with what the request carries and the fields of `also`, answered with `status`
 * (a function of the result for 201 vs 200), the result or what `present` picks of it.
 */
export const write = writeWith<UserAct>(sendWrite);

/** The same for a public route (sign-in, password recovery): nobody is signed in. */
export const publicWrite = writeWith<Act>(sendPublicWrite);

/**
 * A read of one record: the service with the request's path parameters, answered with its result
 * (a service may answer at once: the permission catalogue, the template placeholders).
 */
export const read =
  <I, T>(service: (deps: ServiceDeps, act: UserAct, input: I) => Promise<T> | T) =>
  async <Rq extends FastifyRequest>(request: Fits<Rq, I, ParamsOf<Rq>>) =>
    ok(request, await service(request.server.deps, await readActOf(request), request.params as I));

/** An answer of the edge itself, of no domain's service (health probes, the system's own information). */
export const answer =
  <T>(compute: (request: FastifyRequest) => Promise<T> | T) =>
  async (request: FastifyRequest) =>
    ok(request, await compute(request));

/**
 * A list: `limit`, `cursor` and `sort` of the query make the page, the rest of it are the filters;
 * answered with the page of the rows as `view` shows them (or as they are) and the next page's cursor.
 */
export const list = <F, R, S extends string, V = R>(
  spec: SortSpec<S>,
  service: (deps: ServiceDeps, act: UserAct, input: { filters: F; page: PagePlan<S> }) => Promise<Page<R>>,
  view?: (row: R) => V,
) =>
  sortedBy(async (request: FastifyRequest & { query: PageRequest & F }) => {
    const { limit, cursor, sort, ...filters } = request.query;
    const plan = request.server.paginator.plan(spec, { limit, cursor, sort });
    const page = await service(request.server.deps, await readActOf(request), { filters: filters as F, page: plan });
    return request.server.paginator.respond(request, plan, page, view);
  }, spec);

/**
 * A list whose service takes the path parameters (renamed as `rename` says) and the query's filters
 * as fields beside the page: a record's own rows (a policy's endorsements, its timeline), or all of
 * a kind with no filter (`{ page }`).
 */
export const listOf = <I, R, S extends string, V = R, const M extends Renames = NoRenames>(
  spec: SortSpec<S>,
  service: (deps: ServiceDeps, act: UserAct, input: I) => Promise<Page<R>>,
  view?: (row: R) => V,
  options: { rename?: M } = {},
) =>
  sortedBy(
    async <Rq extends FastifyRequest>(
      request: Fits<Rq, I, Renamed<ParamsOf<Rq>, M> & FiltersOf<Rq> & { page: PagePlan<S> }>,
    ) => {
      const { limit, cursor, sort, ...filters } = request.query as PageRequest;
      const plan = request.server.paginator.plan(spec, { limit, cursor, sort });
      const input = { ...renamed(request.params, options.rename), ...filters, page: plan } as I;
      const page = await service(request.server.deps, await readActOf(request), input);
      return request.server.paginator.respond(request, plan, page, view);
    },
    spec,
  );
