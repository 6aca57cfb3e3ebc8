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
