import { type Static, type TSchema, Type } from 'typebox';
import { component } from '../../shared/kernel/schema.js';

/** The envelope of every answer: `{ data, meta }`, `{ data: [...], meta: { page } }`, `{ error, meta }`. */
export const RequestId = Type.String({
  format: 'uuid',
  maxLength: 36,
  description: "The service's own id of the request (UUID v7), also in the X-Request-Id header",
});
const CorrelationId = Type.Optional(
  Type.String({
    pattern: '^[A-Za-z0-9._:-]{1,128}$',
    maxLength: 128,
    description:
      "The client's own id of the request: its X-Correlation-Id, otherwise its X-Request-Id, when it matches ^[A-Za-z0-9._:-]{1,128}$; absent otherwise",
  }),
);

export const Meta = component(
  'Meta',
  Type.Object({ requestId: RequestId, correlationId: CorrelationId }, { description: 'Metadata of a response' }),
);

/** The page size a list applied: the `limit` query parameter's range (api/http/pagination.ts). */
const PageLimit = Type.Integer({ format: 'int32', minimum: 1, maximum: 100, description: 'The page size applied' });

export const PageMeta = component(
  'PageMeta',
  Type.Object(
    {
      requestId: RequestId,
      correlationId: CorrelationId,
      page: Type.Object({
        limit: PageLimit,
        nextCursor: Type.Union([Type.String({ maxLength: 1024 }), Type.Null()], {
          description: 'Pass as `cursor` for the next page; null on the last page',
        }),
      }),
    },
    { description: 'Metadata of a page of a list' },
  ),
);

export const ErrorEnvelope = component(
  'ErrorEnvelope',
  Type.Object(
    {
      error: Type.Object({
        code: Type.String({ maxLength: 64, description: 'Stable machine-readable code, e.g. VALIDATION_ERROR' }),
        message: Type.String({ maxLength: 2000, description: 'For people; may change' }),
        details: Type.Optional(Type.Unknown({ description: 'Per-code details, e.g. one entry per invalid field' })),
      }),
      meta: Meta,
    },
    {
      title: 'Error envelope',
      description:
        'The body of every error response. Codes include VALIDATION_ERROR (400, one details entry per invalid field), UNAUTHENTICATED (401), FORBIDDEN (403), NOT_FOUND (404), CONFLICT (409), INVALID_TRANSITION and INVARIANT_VIOLATION (422), RATE_LIMITED (429), INTERNAL_ERROR (500), SERVICE_UNAVAILABLE (503, with Retry-After: the database could not be reached; nothing was changed) and NOT_READY (503).',
    },
  ),
);

/** `{ data, meta }`; the description, if any, is the response's in the document. */
export const Envelope = <T extends TSchema>(data: T, description?: string) =>
  Type.Object({ data, meta: Meta }, description === undefined ? {} : { description });
/** `{ data: [...], meta: { requestId, page } }`, one page of a keyset-paginated list. */
export const ListEnvelope = <T extends TSchema>(item: T, description = 'One page of the list') =>
  Type.Object({ data: Type.Array(item, { maxItems: 100 }), meta: PageMeta }, { description });

export const FeedMeta = component(
  'FeedMeta',
  Type.Object(
    {
      requestId: RequestId,
      correlationId: CorrelationId,
      page: Type.Object({
        limit: PageLimit,
        nextCursor: Type.Union([Type.String({ maxLength: 1024 }), Type.Null()], {
          description: 'Where to continue (pass it as `after`); null only while there is nothing to read yet',
        }),
        hasMore: Type.Boolean({ description: 'More is ready now: read again at once' }),
      }),
    },
    { description: 'Metadata of a page of a feed read by cursor: where to continue, even on the last page' },
  ),
);

/** `{ data: [...], meta: { requestId, page } }` of a feed read by cursor (GET /events). */
export const FeedEnvelope = <T extends TSchema>(item: T, description = 'One page of the feed') =>
  Type.Object({ data: Type.Array(item, { maxItems: 100 }), meta: FeedMeta }, { description });

const errorResponse = (description: string) =>
  Type.Unsafe<Static<typeof ErrorEnvelope>>({ $ref: 'ErrorEnvelope', description });

/** Error responses every operation can produce: added to each route's response map. */
export const ERROR_RESPONSES = {
  '4xx': errorResponse('Refused; error.code says why'),
  '5xx': errorResponse('Failed, or not ready; retry later'),
} as const;

/**
 * A route schema's key for the body as the document shows it, where that is more exact than the
 * schema validation uses (the login's `oneOf` of its two steps, whose rules the route checks itself).
 */
export const DOCUMENTED_BODY = 'x-documented-body';

/** Spread into a route schema whose body may be left out (its route takes none as {}): documented as optional. */
export const OPTIONAL_BODY = { 'x-body-optional': true } as const;

/** A 204 response. */
export const NoContent = (description = 'Done; no body') => Type.Null({ description });
