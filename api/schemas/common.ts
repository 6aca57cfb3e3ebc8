import { Type, type TSchema } from 'typebox';

/** Small building blocks every route schema is made of. */
export const RequestId = Type.String({ description: 'Request correlator, also in the X-Request-Id header' });
export const Meta = Type.Object({ requestId: RequestId });
export const PageMeta = Type.Object({
  requestId: RequestId,
  page: Type.Object({ limit: Type.Integer(), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
});

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable machine-readable code, e.g. VALIDATION_ERROR' }),
      message: Type.String(),
      details: Type.Optional(Type.Unknown({ description: 'Per-code details, e.g. one entry per invalid field' })),
    }),
    meta: Meta,
  },
  { $id: 'ErrorEnvelope', title: 'Error envelope' },
);

export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data, meta: Meta });
export const ListEnvelope = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), meta: PageMeta });

/** Error responses every operation can produce: added to each route's response map. */
export const ERROR_RESPONSES = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' });
export const CalendarDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
export const Uuid = Type.String({ format: 'uuid' });
/** `{ type: string, enum: [...] }`, typed as the union of its values. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
