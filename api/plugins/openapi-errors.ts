import { STATUS_CODES } from 'node:http';
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { ERROR_CODES } from '../../shared/catalogues.js';
import type { domains } from '../../shared/domains.js';
import type { KERNEL_ERRORS } from '../../shared/kernel/errors.js';
import { statusOf, WIRE_ERRORS } from '../http/errors.js';

/**
 * The error codes each operation can answer with, per status, declared in the OpenAPI document from
 * the one error catalogue: those every route's traits imply (its schemas, auth, path parameters,
 * Idempotency-Key, the rate limit) and those its service throws, which the route names in
 * `config.errors`. The generic 4XX and 5XX responses give way to one response per status.
 */

type DomainCode<M> = M extends { errors: infer E } ? keyof E : never;
/** A code of the catalogue (the kernel's, a domain's, the wire's): a typo in `config.errors` fails to compile. */
export type ErrorCodeName = Extract<
  keyof typeof KERNEL_ERRORS | DomainCode<(typeof domains)[number]> | keyof typeof WIRE_ERRORS,
  string
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The codes the route's service can throw, beyond those its traits imply (shown in OpenAPI). */
    errors?: ErrorCodeName[];
  }
}

type Schema = Record<string, unknown>;
interface Spec {
  status: number;
  means: string;
  details?: Readonly<Schema>;
}

/** Every code with its status, what it means and the shape of its details. */
const CATALOGUE: Readonly<Record<string, Spec>> = {
  ...Object.fromEntries(
    Object.entries(ERROR_CODES).map(([code, e]) => [
      code,
      { status: statusOf(e.kind), means: e.means, details: e.details },
    ]),
  ),
  ...WIRE_ERRORS,
};

/** What the auth plugin answers a request without a valid token or session, or of an account no longer active. */
const SIGNED_IN: ErrorCodeName[] = ['UNAUTHENTICATED', 'TOKEN_EXPIRED', 'SESSION_REVOKED', 'ACCOUNT_NOT_ACTIVE'];

/** The codes a route can answer with, by status: those its traits imply, then those it declares. */
export function errorsOf(route: RouteOptions): Record<string, string[]> {
  const config: FastifyContextConfig = route.config ?? {};
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
  const idempotent = [route.method].flat().includes('POST') && config.idempotent !== false;
  const codes: ErrorCodeName[] = [];
  // A malformed Idempotency-Key header is refused as a field of the request.
  if (schema.body || schema.querystring || schema.params || idempotent) codes.push('VALIDATION_ERROR');
  if (schema.body) codes.push('MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (!config.public) codes.push(...SIGNED_IN);
  if (config.permissions?.length || config.anyPermission?.length || config.peopleOnly) codes.push('FORBIDDEN');
  if (/\/:[^/]/.test(route.url)) codes.push('NOT_FOUND');
  if (idempotent) codes.push('IDEMPOTENCY_CONFLICT');
  if (config.rateLimit !== false) codes.push('RATE_LIMITED');
  codes.push('INTERNAL_ERROR', 'SERVICE_UNAVAILABLE', ...(config.errors ?? []));
  const byStatus: Record<string, string[]> = {};
  for (const code of new Set(codes)) {
    const spec = CATALOGUE[code];
    if (!spec) throw new Error(`Route ${route.method} ${route.url} names an error code not in the catalogue: ${code}`);
    byStatus[spec.status] = [...(byStatus[spec.status] ?? []), code];
  }
  return byStatus;
}

/** Per route (inside the swagger `transform`): the route's codes by status, as `x-error-codes` on its schema. */
export function markErrorCodes<I extends { schema: Schema; route: RouteOptions }>(input: I): I {
  if (!input.schema || input.schema.hide) return input;
  return { ...input, schema: { ...input.schema, 'x-error-codes': errorsOf(input.route) } };
}

interface Response {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
  headers?: Record<string, Schema>;
  'x-error-codes'?: string[];
}
interface Operation {
  responses?: Record<string, Response>;
  'x-error-codes'?: Record<string, string[]>;
}

const ENVELOPE = '#/components/schemas/ErrorEnvelope';
const RETRY_AFTER = { $ref: '#/components/headers/Retry-After' };

/** A response of the plain envelope (the 429 withWireHeaders adds), which this one replaces; any other shape is the route's own. */
const isPlainEnvelope = (response: Response) =>
  Object.keys(response.content ?? {}).length === 1 && response.content?.['application/json']?.schema?.$ref === ENVELOPE;

/** The component holding a code's details shape: `ValidationErrorDetails` for VALIDATION_ERROR. */
const detailsName = (code: string) =>
  `${code.toLowerCase().replace(/(^|_)([a-z])/g, (_, _sep: string, c: string) => c.toUpperCase())}Details`;
const detailsRef = (code: string) => ({ $ref: `#/components/schemas/${detailsName(code)}` });

/** The envelope with `error.code` one of `codes`, and `error.details` in its known shape where the code has one. */
function envelopeOf(codes: string[]): Schema {
  const shaped = codes.filter((code) => CATALOGUE[code].details);
  const rest = codes.filter((code) => !CATALOGUE[code].details);
  const error: Schema = { properties: { code: { enum: codes } } };
  if (codes.length === 1 && shaped.length === 1)
    error.properties = { code: { enum: codes }, details: detailsRef(codes[0]) };
  else if (shaped.length)
    // The details' shape holds for its code only: one branch per shaped code, one for the others.
    error.oneOf = [
      ...shaped.map((code) => ({ properties: { code: { const: code }, details: detailsRef(code) } })),
      ...(rest.length ? [{ properties: { code: { enum: rest } } }] : []),
    ];
  return { allOf: [{ $ref: ENVELOPE }, { properties: { error } }] };
}

const describe = (status: string, codes: string[]) =>
  [`${STATUS_CODES[status] ?? 'Refused'}; error.code is one of:`, '']
    .concat(codes.map((code) => `- \`${code}\`: ${CATALOGUE[code].means}`))
    .join('\n');

/**
 * The headers of a new status: those the generic response of its class had (X-Request-Id, API-Version,
 * the rate-limit counts), Retry-After where the status sends it (429, 503, and 409 for a key still in use).
 */
function headersOf(
  status: string,
  codes: string[],
  generic: Record<string, Response | undefined>,
): Response['headers'] {
  const headers = { ...(generic[status[0]] ?? generic['4'] ?? generic['5'])?.headers };
  delete headers['Retry-After'];
  if (status === '503' || status === '429' || codes.includes('IDEMPOTENCY_CONFLICT'))
    headers['Retry-After'] = RETRY_AFTER;
  return headers;
}

/**
 * Over the whole document (inside the swagger `transformObject`, after withWireHeaders): each
 * operation's generic 4XX and 5XX become one response per status of its `x-error-codes`, each listing
 * its codes. A status the route declares in a shape of its own (OAuth's on POST /auth/token) stays.
 */
export function withErrorResponses<T extends object>(document: T): T {
  const doc = document as {
    paths?: Record<string, Record<string, Operation>>;
    components?: { schemas?: Schema; responses?: Record<string, Response> };
  };
  const shaped = new Set<string>();
  const shared = sharedResponses();
  for (const item of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(item)) {
      if (typeof operation !== 'object' || !operation?.responses || !operation['x-error-codes']) continue;
      const { responses } = operation;
      const byStatus = operation['x-error-codes'];
      delete operation['x-error-codes'];
      const generic = { '4': responses['4XX'], '5': responses['5XX'] };
      delete responses['4XX'];
      delete responses['5XX'];
      for (const [status, codes] of Object.entries(byStatus)) {
        const existing = responses[status];
        if (existing && !isPlainEnvelope(existing)) continue;
        const response: Response = {
          description: describe(status, codes),
          content: { 'application/json': { schema: envelopeOf(codes) } },
          headers: existing?.headers ?? headersOf(status, codes, generic),
          'x-error-codes': codes,
        };
        responses[status] = shared.refTo(status, codes, response);
        for (const code of codes) if (CATALOGUE[code].details) shaped.add(code);
      }
    }
  // Each shape once, as a component, rather than a copy in every response.
  const schemas = Object.fromEntries([...shaped].map((code) => [detailsName(code), CATALOGUE[code].details]));
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ...schemas },
    responses: { ...doc.components?.responses, ...shared.responses },
  };
  return document;
}

/**
 * Error responses kept once each under components.responses and referenced: most operations answer
 * the same sets (every signed-in route the same 401, 500 and 503), so the document holds each once.
 * Named by status and codes (`401_UNAUTHENTICATED_TOKEN_EXPIRED_...`); a same set with other headers
 * (a route outside the rate limit) gets a numbered name of its own.
 */
function sharedResponses() {
  const responses: Record<string, Response> = {};
  const names = new Map<string, string>();
  return {
    responses,
    refTo(status: string, codes: string[], response: Response) {
      const key = JSON.stringify(response);
      let name = names.get(key);
      if (!name) {
        const base = `${status}_${codes.join('_')}`;
        name = base;
        for (let n = 2; name in responses; n++) name = `${base}_${n}`;
        names.set(key, name);
        responses[name] = response;
      }
      return { $ref: `#/components/responses/${name}` } as Response;
    },
  };
}
