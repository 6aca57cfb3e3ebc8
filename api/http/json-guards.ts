import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from '../../shared/kernel/errors.js';

/** How deep a request's JSON may nest: deeper is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;

/**
 * True when the JSON text nests objects or arrays deeper than `max`: one pass over the characters,
 * brackets inside strings ignored, so a hostile body costs what reading it costs and no more.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** True when any string or key of a parsed JSON value satisfies `bad`. */
function anyString(value: unknown, bad: (s: string) => boolean): boolean {
  if (typeof value === 'string') return bad(value);
  if (Array.isArray(value)) return value.some((v) => anyString(v, bad));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([key, v]) => bad(key) || anyString(v, bad));
  return false;
}

/**
 * What PostgreSQL cannot store, refused as invalid input instead of failing at the database (a 500):
 * a NUL character (in text or jsonb), and an unpaired UTF-16 surrogate (jsonb refuses the `\uD800`
 * escape it is written back as). Both reach a string only through a `\u` escape in the text, so a
 * value is walked only when the text has one.
 */
function refusedCharacters(text: string, value: unknown): ValidationError | undefined {
  if (text.includes('\\u0000') && anyString(value, (s) => s.includes('\0'))) return nulIn('body');
  if (/\\u[dD][89a-fA-F]/.test(text) && anyString(value, (s) => !s.isWellFormed()))
    return new ValidationError([
      {
        field: 'body',
        message: 'must not contain unpaired UTF-16 surrogates (a \\uD800-\\uDFFF escape without its pair)',
        constraint: 'wellFormed',
      },
    ]);
  return undefined;
}

export const tooDeep = () =>
  new ValidationError([
    { field: 'body', message: `nests deeper than ${MAX_JSON_DEPTH} levels`, constraint: 'maxDepth' },
  ]);

/** A NUL character in `field` (body, query or params): PostgreSQL stores none, so it is refused as input. */
export const nulIn = (field: string) =>
  new ValidationError([{ field, message: 'must not contain NUL characters (\\u0000)', constraint: 'noNul' }]);

type Done = (err: Error | null, body?: unknown) => void;

/**
 * Fastify's JSON parser behind the service's guards: a body nesting deeper than MAX_JSON_DEPTH is refused
 * before it is parsed, one holding a character PostgreSQL cannot store after. Every JSON body goes through it (the webhook's
 * after its signature check).
 */
export function guardedJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, raw: string, done: Done) => {
    if (nestsDeeperThan(raw)) return done(tooDeep(), undefined);
    parseJson(request, raw, (err: Error | null, body?: unknown) => {
      if (err) return done(err, undefined);
      const refused = refusedCharacters(raw, body);
      return refused ? done(refused, undefined) : done(null, body);
    });
  };
}
