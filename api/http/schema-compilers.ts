import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { dayInRange, instantInRange } from '../../shared/kernel/calendar.js';
import { UUID_TEXT } from '../../shared/kernel/ids.js';
import { TEXT_FORMATS } from './text-formats.js';

/**
 * Query strings and params are coerced from text; JSON bodies are taken as typed, never coerced.
 * Both know the shared schemas, so a request schema may `$ref` one as a response schema does.
 */
export function validators(shared: readonly object[]) {
  const base = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false } as const;
  const body = withStrictFormats(addFormats.default(new Ajv.default({ ...base, coerceTypes: false })));
  const text = withStrictFormats(addFormats.default(new Ajv.default({ ...base, coerceTypes: 'array' })));
  for (const schema of shared) {
    body.addSchema(schema);
    text.addSchema(schema);
  }
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) => {
    const ajv = httpPart === 'body' ? body : text;
    let compiled: ValidateFunction | undefined;
    // Fastify reads the errors of a failed validation from the function it was given.
    const validate = (data: unknown) => {
      compiled ??= ajv.compile(schema);
      const valid = compiled(data);
      validate.errors = compiled.errors;
      return valid;
    };
    validate.errors = undefined as ValidateFunction['errors'];
    return validate;
  };
}

/**
 * Formats as PostgreSQL and JavaScript dates take them, where ajv-formats is wider: a uuid is the bare
 * 8-4-4-4-12 form (no `urn:uuid:` prefix), a date is a real calendar day within the dates the service
 * keeps (1900-01-01 to 2999-12-31, shared/calendar.ts), a date-time has a real calendar day, no leap
 * second (JavaScript has none) and names an instant within those days once its offset is applied
 * (`2999-12-31T23:00:00-02:00` is in 3000), with an offset of at most 15:59 either way (RFC 3339 allows
 * 23:59, PostgreSQL refuses more than 15:59, and no time zone is past 14:00). Anything wider passed
 * validation and failed later as a 500.
 * Then the API's own formats of free text and URLs (text-formats.ts).
 */
function withStrictFormats(ajv: Ajv.default): Ajv.default {
  ajv.addFormat('uuid', UUID_TEXT);
  const isDay = (value: string) => {
    const day = new Date(`${value}T00:00:00.000Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  };
  ajv.addFormat('date', (value: string) => isDay(value) && dayInRange(value));
  ajv.addFormat('date-time', (value: string) => {
    const match =
      /^(\d{4}-\d{2}-\d{2})[Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-](0\d|1[0-5]):[0-5]\d)$/.exec(value);
    return !!match && isDay(match[1]) && instantInRange(Date.parse(value));
  });
  for (const [name, format] of Object.entries(TEXT_FORMATS)) ajv.addFormat(name, format.validate);
  return ajv;
}

/**
 * Request validators and response serializers are compiled when a route first uses them, not when the
 * app is built: building every route's (about 100 routes, each with several response schemas) costs
 * more than a second of CPU at every start, most of it for routes a process may never serve.
 * The first request of a route pays its few milliseconds instead.
 */
const eagerSerializers = SerializerSelector();
/**
 * fast-json-stringify picks a branch of a union with an ajv of its own; the API's own formats are rules
 * of requests, so there they pass anything (a record written before a rule tightened still serializes).
 */
const serializerFormats = Object.fromEntries(Object.keys(TEXT_FORMATS).map((name) => [name, true as const]));
export function lazySerializers(...[schemas, options]: Parameters<typeof eagerSerializers>) {
  const compile = eagerSerializers(schemas, { ...options, ajv: { ...options?.ajv, formats: serializerFormats } });
  return (route: Parameters<ReturnType<typeof eagerSerializers>>[0]) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc: unknown) => {
      serialize ??= compile(route);
      return serialize(doc);
    };
  };
}
