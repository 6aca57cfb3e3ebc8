import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { UUID_TEXT } from '../../shared/ids.js';
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

/** Years a date of this service may have: wide for any policy, claim or birth, narrow enough to store and to add a term to. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;
const inYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

/**
 * Formats as PostgreSQL and JavaScript dates take them, where ajv-formats is wider: a uuid is the bare
 * 8-4-4-4-12 form (no `urn:uuid:` prefix), a date is a real calendar day in 1900..2999, a date-time
 * also has no leap second (JavaScript has none). Anything wider passed validation and failed later as a 500.
 * Then the API's own formats of free text and URLs (text-formats.ts).
 */
function withStrictFormats(ajv: Ajv.default): Ajv.default {
  ajv.addFormat('uuid', UUID_TEXT);
  const isDate = (value: string) => {
    const match = /^(\d{4})-\d{2}-\d{2}$/.exec(value);
    if (!match || !inYears(Number(match[1]))) return false;
    const day = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  };
  ajv.addFormat('date', isDate);
  ajv.addFormat('date-time', (value: string) => {
    const match =
      /^(\d{4}-\d{2}-\d{2})[Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/.exec(value);
    return !!match && isDate(match[1]);
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
