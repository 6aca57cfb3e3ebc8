import { type Static, type TNumberOptions, type TSchema, type TStringOptions, type TUnsafe, Type } from 'typebox';

/**
 * Shared components. A schema declared with `component('User', Type.Object(...))` is registered once
 * as a shared schema of the app (`app.addSchema`, in api/app.ts), so the OpenAPI document lists it once
 * under components.schemas; route schemas use what `component` returns, a `{ $ref: 'User' }` typed as
 * the schema's static type. Request validation (the ajv instances of api/app.ts) and response
 * serialization (fast-json-stringify) resolve the reference to the same schema.
 *
 * A domain's schemas file (shared/domain/<d>/<d>.schemas.ts) declares its tag with `tag(...)` and its
 * view schemas with `component(...)`, once each; the operation schemas of api/routes/<d>/schemas.ts
 * use them:
 *
 *   export const POLICIES_TAG = tag('policies', 'Policies: ...');
 *   export const Policy = component('Policy', Type.Object({ id: Type.String(), premium: Money, ... }));
 *   export type PolicyView = Static<typeof Policy>;
 *   // api/routes/policies/schemas.ts
 *   export const getPolicySchema = { operationId: 'getPolicy', tags: POLICIES_TAG, summary, params,
 *     response: { 200: Envelope(Policy, 'The policy'), ...ERROR_RESPONSES } };
 *
 * Ids are one namespace for the whole API. A component no route references fails the Spectral test
 * (oas3-unused-component). The envelopes every response is wrapped in are HTTP's: api/http/envelope.ts.
 */
const components = new Map<string, TSchema>();
const tags = new Map<string, string>();

export function component<T extends TSchema>(id: string, schema: T): TUnsafe<Static<T>> {
  if (components.has(id)) throw new Error(`Schema component ${id} is declared twice`);
  components.set(id, { ...schema, $id: id });
  return Type.Unsafe<Static<T>>({ $ref: id });
}

/** The shared schemas to register on the app, in declaration order. */
export function sharedSchemas(): TSchema[] {
  return [...components.values()];
}

/** An OpenAPI tag with its description, declared once; returns the `tags` value of its operations. */
export function tag(name: string, description: string): [string] {
  const known = tags.get(name);
  if (known !== undefined && known !== description) throw new Error(`Tag ${name} is declared twice`);
  tags.set(name, description);
  return [name];
}

/** The document's top-level tags, by name. */
export function declaredTags(): { name: string; description: string }[] {
  return [...tags].map(([name, description]) => ({ name, description })).sort((a, b) => a.name.localeCompare(b.name));
}

/** `2026-01-31T09:30:00.000Z` is 24 characters; 30 leaves room for an offset or more fraction digits. */
export const Timestamp = Type.String({
  format: 'date-time',
  maxLength: 30,
  description: 'ISO 8601 UTC with milliseconds',
});
/** A UUID as text is 36 characters. */
export const Uuid = Type.String({ format: 'uuid', maxLength: 36 });
/** A UUID that names something, e.g. a path parameter: `IdOf('The user')`. */
export const IdOf = (what: string) => Type.String({ format: 'uuid', maxLength: 36, description: `${what}'s id` });
/** An insurer's id as the platform knows it (insurers are outside this service). */
export const InsurerId = (description?: string) =>
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$', ...(description ? { description } : {}) });
/**
 * Free text on one line: every name, title and description the API takes. No control characters (line
 * breaks included) and no bidirectional formatting characters, which make a name read as something else
 * (format `plain-text`, api/http/text-formats.ts; 400 otherwise). Non-empty unless `minLength` says.
 */
export const PlainText = (maxLength: number, options: TStringOptions = {}) =>
  Type.String({ minLength: 1, maxLength, format: 'plain-text', ...options });
/** Free text of several lines (a note, a message body): as PlainText, but line feeds and tabs are kept. */
export const TextBlock = (maxLength: number, options: TStringOptions = {}) =>
  Type.String({ minLength: 1, maxLength, format: 'plain-text-block', ...options });
/** An https URL of a public host by name: no user info, no IP address, no local-network name. */
export const PublicHttpsUrl = (maxLength: number, options: TStringOptions = {}) =>
  Type.String({ maxLength, format: 'public-https-url', ...options });
/** A phone number as people write it. */
export const Phone = Type.String({ pattern: '^\\+?[0-9 ()-]{5,32}$', maxLength: 32 });
/** A count, a size or a number of seconds: an int32, not negative unless `minimum` says. */
export const Int32 = (options: TNumberOptions = {}) =>
  Type.Integer({ format: 'int32', minimum: 0, maximum: 2_147_483_647, ...options });
/** A sequence number of a table that may outgrow int32: an int64 within what JSON numbers hold exactly. */
export const Int64 = (options: TNumberOptions = {}) =>
  Type.Integer({ format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, ...options });
/** `T` or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** `{ type: string, enum: [...] }`, typed as the union of its values. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A calendar date, `YYYY-MM-DD`. */
export const CalendarDate = Type.String({ format: 'date', maxLength: 10, description: 'A calendar date, YYYY-MM-DD' });
