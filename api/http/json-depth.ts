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
export function holdsNul(text: string, value: unknown): boolean {
  return text.includes('\\u0000') && walkForNul(value);
}

function walkForNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(walkForNul);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([key, v]) => key.includes('\0') || walkForNul(v));
  return false;
}
