import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from '../../shared/errors/index.js';

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

/**
 * True when a parsed JSON value holds a NUL character in any string or key: PostgreSQL stores none in
 * text or jsonb, so such a value is refused as invalid input instead of failing at the database. Only
 * walked when the text has a `\u0000` escape at all (a raw NUL is not valid JSON).
 */
function holdsNul(text: string, value: unknown): boolean {
  return text.includes('\\u0000') && walkForNul(value);
}

function walkForNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(walkForNul);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([key, v]) => key.includes('\0') || walkForNul(v));
  return false;
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
 * before it is parsed, one holding a NUL character after. Every JSON body goes through it (the webhook's
 * after its signature check).
 */
export function guardedJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, raw: string, done: Done) => {
    if (nestsDeeperThan(raw)) return done(tooDeep(), undefined);
    parseJson(request, raw, (err: Error | null, body?: unknown) =>
      err ? done(err, undefined) : holdsNul(raw, body) ? done(nulIn('body'), undefined) : done(null, body),
    );
  };
}
