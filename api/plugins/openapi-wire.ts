import type { RouteOptions } from 'fastify';
import { DOCUMENTED_BODY } from '../http/envelope.js';

/**
 * What every operation carries on the wire beyond its own schema, declared in the OpenAPI document so
 * a generated client knows it: the headers each answer has (X-Request-Id, API-Version, the rate-limit
 * counts), the ids a client may send (X-Correlation-Id, traceparent), Idempotency-Key on the POSTs
 * that honour it (with Idempotent-Replayed on a replay), and 429 with Retry-After wherever the
 * rate limit counts. The route options say which: `idempotent: false`, `rateLimit: false`.
 */

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: Schema[];
  responses?: Record<string, { headers?: Record<string, Schema> } & Schema>;
  'x-idempotent'?: boolean;
  'x-rate-limited'?: boolean;
}

const ref = (kind: 'headers' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });

const COUNT = { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 };

const HEADERS: Record<string, Schema> = {
  'X-Request-Id': {
    description: "The service's id of this request: every log line, job and audit entry of it carries it",
    schema: { type: 'string', format: 'uuid', maxLength: 36 },
  },
  'API-Version': { description: 'The version of this API', schema: { type: 'string', maxLength: 32 } },
  // Counts and seconds of a window: non-negative, far inside int32.
  'RateLimit-Limit': { description: 'Requests allowed in the current window', schema: COUNT },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: COUNT },
  'RateLimit-Reset': { description: 'Seconds until the window starts again', schema: COUNT },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { ...COUNT, minimum: 1 } },
  'Idempotent-Replayed': {
    description: 'Present on the stored answer to a repeated Idempotency-Key: nothing was done again',
    schema: { type: 'string', enum: ['true'] },
  },
};

const PARAMETERS: Record<string, Schema> = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e][\\x20-\\x7e]*$' },
  },
  CorrelationId: {
    name: 'X-Correlation-Id',
    in: 'header',
    required: false,
    description: "Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry)",
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$', maxLength: 128 },
  },
  Traceparent: {
    name: 'traceparent',
    in: 'header',
    required: false,
    description: 'W3C trace context: the request and the jobs it causes continue this trace',
    schema: { type: 'string', pattern: '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$', maxLength: 55 },
  },
};

/** Per route (the swagger `transform`): marks the operations that honour Idempotency-Key and those the rate limit counts. */
export function markWireOptions({ schema, url, route }: { schema: Schema; url: string; route: RouteOptions }) {
  if (!schema || schema.hide) return { schema, url };
  const config = (route.config ?? {}) as { idempotent?: boolean; rateLimit?: unknown };
  const methods = [route.method].flat();
  const { [DOCUMENTED_BODY]: documentedBody, ...own } = schema;
  return {
    schema: {
      ...own,
      ...(documentedBody ? { body: documentedBody } : {}),
      'x-idempotent': methods.includes('POST') && config.idempotent !== false,
      'x-rate-limited': config.rateLimit !== false,
    },
    url,
  };
}

/** Over the whole document (the swagger `transformObject`): the headers, parameters and 429 each operation declares. */
export function withWireHeaders<T extends object>(document: T): T {
  const doc = document as { paths?: Record<string, Record<string, Operation>>; components?: Record<string, Schema> };
  const components = (doc.components ?? {}) as Record<string, Record<string, Schema>>;
  components.headers = { ...components.headers, ...HEADERS };
  components.parameters = { ...components.parameters, ...PARAMETERS };
  doc.components = components;
  for (const item of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(item)) {
      if (typeof operation !== 'object' || !operation?.responses) continue;
      const idempotent = operation['x-idempotent'] === true;
      const limited = operation['x-rate-limited'] !== false;
      delete operation['x-idempotent'];
      delete operation['x-rate-limited'];
      operation.parameters = [
        ...(operation.parameters ?? []),
        ...(idempotent ? [ref('parameters', 'IdempotencyKey')] : []),
        ref('parameters', 'CorrelationId'),
        ref('parameters', 'Traceparent'),
      ];
      if (limited)
        operation.responses['429'] = {
          description: 'Too many requests: wait Retry-After seconds (error.code RATE_LIMITED)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        };
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers: Record<string, Schema> = {
          ...response.headers,
          'X-Request-Id': ref('headers', 'X-Request-Id'),
          'API-Version': ref('headers', 'API-Version'),
        };
        if (limited)
          for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'])
            headers[name] = ref('headers', name);
        if (status === '429' || status === '503' || status === '5XX')
          headers['Retry-After'] = ref('headers', 'Retry-After');
        if (idempotent && status.startsWith('2'))
          headers['Idempotent-Replayed'] = ref('headers', 'Idempotent-Replayed');
        response.headers = headers;
      }
    }
  return document;
}
