import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../shared/db/unavailable.js';
import { type FieldError, NotFoundError, ValidationError } from '../../shared/kernel/errors.js';
import { metaOf } from '../http/correlation.js';
import {
  asHttpError,
  HttpError,
  malformedJson,
  payloadTooLarge,
  serviceUnavailable,
  unsupportedMediaType,
} from '../http/errors.js';
import { routeOf } from '../http/route-of.js';
import { TEXT_FORMATS } from '../http/text-formats.js';
import { wireHeaders } from '../http/wire-headers.js';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** One details entry per offending field: `body.email`, `query.limit`, `params.id`. */
export function fieldErrors(context: string | undefined, errors: AjvError[]): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    const segments = e.instancePath
      .split('/')
      .filter(Boolean)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') segments.push(String(e.params.missingProperty));
    if (e.keyword === 'additionalProperties') {
      segments.push(String(e.params.additionalProperty));
      message = 'is not an allowed field';
    }
    if (e.keyword === 'enum' && Array.isArray(e.params.allowedValues))
      message = `must be one of: ${e.params.allowedValues.join(', ')}`;
    if (e.keyword === 'format') message = TEXT_FORMATS[String(e.params.format)]?.message ?? message;
    const field = [context === 'querystring' ? 'query' : (context ?? 'body'), ...segments].join('.');
    const known = byField.get(field);
    // A value too long for its format breaks the format too: name the format, which says what to send.
    if (!known || (e.keyword === 'format' && known.constraint === 'maxLength'))
      byField.set(field, { field, message, constraint: e.keyword });
  }
  return [...byField.values()];
}

/** Every error the service produces, ours or the framework's, mapped to the contract's envelope. */
export function toHttpError(
  error: FastifyError & { validation?: AjvError[]; validationContext?: string },
  bodyLimit = 1_048_576,
): HttpError | undefined {
  const known = asHttpError(error);
  if (known) return known;
  if (error.validation)
    return HttpError.of(new ValidationError(fieldErrors(error.validationContext, error.validation)));
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? unsupportedMediaType() : malformedJson();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return payloadTooLarge(bodyLimit);
    case 'FST_ERR_BAD_URL':
      return new HttpError(400, 'VALIDATION_ERROR', 'The URL is not valid', [
        { field: 'url', message: 'is not a valid URL (a malformed percent-encoding?)', constraint: 'format' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return malformedJson();
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return malformedJson();
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError(error.statusCode, error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR', error.message);
  }
  return undefined;
}

const PARTS = ['body', 'query', 'params', 'headers', 'url'];

/**
 * Services name plain input fields (`email`, `roleId`); the answer names where the client sent it
 * (`body.email`, `params.roleId`): the first part of the request holding the field's first segment.
 */
function qualify(request: FastifyRequest, field: string): string {
  const head = field.split('.')[0];
  const sent: [string, unknown][] = [
    ['body', request.body],
    ['query', request.query],
    ['params', request.params],
  ];
  const holder = (name: string) =>
    sent.find(([, value]) => value !== null && typeof value === 'object' && Object.hasOwn(value, name));
  // A field named like a part (a webhook endpoint's `url`) is that field when the request sent one.
  if (PARTS.includes(head) && !(head === 'url' && holder(head))) return field;
  const part = holder(head);
  return `${part?.[0] ?? 'body'}.${field}`;
}

function qualifyDetails(request: FastifyRequest, details: unknown): unknown {
  const withField = (d: unknown): d is { field: string } =>
    typeof d === 'object' && d !== null && typeof (d as { field?: unknown }).field === 'string';
  if (Array.isArray(details))
    return details.map((d) => (withField(d) ? { ...d, field: qualify(request, d.field) } : d));
  return withField(details) ? { ...details, field: qualify(request, details.field) } : details;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: HttpError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  // A body refused for its size is not read to its end: the connection is closed rather than drained.
  if (error.statusCode === 413) reply.header('connection', 'close');
  const body: { error: { code: string; message: string; details?: unknown }; meta: ReturnType<typeof metaOf> } = {
    error: { code: error.code, message: error.message },
    meta: metaOf(request),
  };
  if (error.details !== undefined) body.error.details = qualifyDetails(request, error.details);
  return reply.code(error.statusCode).send(body);
}

/**
 * Errors Fastify answers before any hook runs (a URL it cannot decode): the same envelope, with the
 * request id and API version the wire plugin would have set.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  wireHeaders(request, reply);
  return sendError(
    request,
    reply,
    toHttpError(error) ?? new HttpError(400, 'VALIDATION_ERROR', 'The request is not valid'),
  );
}

export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toHttpError(error, routeOf(request).bodyLimit);
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: error }, known.message);
      return sendError(request, reply, known);
    }
    // A fault of the database, not of the request: a retry will likely work (the pool heals by itself).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ error: error.message }, 'database unavailable: answered 503');
      return sendError(request, reply, serviceUnavailable());
    }
    // Nothing internal leaves the process: the log has the stack under this requestId.
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      request,
      reply,
      new HttpError(500, 'INTERNAL_ERROR', 'An unexpected error occurred; quote the requestId when reporting it'),
    );
  });
});

/** Unknown routes answer the same envelope; the global rate limit counts them too. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return sendError(
    request,
    reply,
    HttpError.of(new NotFoundError(`No route ${request.method} ${request.url.split('?')[0]}`)),
  );
}
