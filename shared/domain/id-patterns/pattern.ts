import { randomInt } from 'node:crypto';
import type { FieldError } from '../../kernel/errors.js';

/**
 * The pattern language: literal characters (letters, digits, `-`, `_`, `/`, `.`) and the tokens
 * `{YYYY}`, `{YY}`, `{MM}`, `{DD}` (UTC), `{SEQ:n}` (the pattern's sequence, zero-padded to n digits,
 * n 4..12, wider when it outgrows them) and `{RAND:n}` (n random digits and capitals, n 4..12). A
 * pattern must make numbers unique: it has a `{SEQ:n}` or a `{RAND:n}` of at least 6.
 */
const TOKEN = /\{([A-Z]+)(?::(\d+))?\}/g;
const LITERAL = /^[A-Za-z0-9\-_/.]*$/;
const RAND_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export type Part =
  | { literal: string }
  | { token: 'YYYY' | 'YY' | 'MM' | 'DD' }
  | { token: 'SEQ' | 'RAND'; width: number };

/** The pattern's parts, or what is wrong with it. */
export function parsePattern(pattern: string): { parts: Part[]; problems: string[] } {
  const parts: Part[] = [];
  const problems: string[] = [];
  let at = 0;
  let seq = 0;
  let uniqueRand = false;
  for (const match of pattern.matchAll(TOKEN)) {
    const literal = pattern.slice(at, match.index);
    if (literal) parts.push({ literal });
    at = match.index + match[0].length;
    const [, name, n] = match;
    if (name === 'YYYY' || name === 'YY' || name === 'MM' || name === 'DD') {
      if (n !== undefined) problems.push(`{${name}} takes no width`);
      parts.push({ token: name });
    } else if (name === 'SEQ' || name === 'RAND') {
      const width = Number(n);
      if (n === undefined || width < 4 || width > 12) problems.push(`{${name}:n} needs a width n from 4 to 12`);
      if (name === 'SEQ') seq++;
      if (name === 'RAND' && width >= 6) uniqueRand = true;
      parts.push({ token: name, width });
    } else
      problems.push(`{${name}${n ? `:${n}` : ''}} is not a token (use {YYYY}, {YY}, {MM}, {DD}, {SEQ:n}, {RAND:n})`);
  }
  const rest = pattern.slice(at);
  if (rest) parts.push({ literal: rest });
  for (const part of parts)
    if ('literal' in part && !LITERAL.test(part.literal))
      problems.push(`"${part.literal}" has characters other than letters, digits, - _ / . or a malformed token`);
  if (seq > 1) problems.push('a pattern has at most one {SEQ:n}');
  if (!seq && !uniqueRand)
    problems.push('a pattern needs {SEQ:n} or a {RAND:n} of at least 6, so that numbers are unique');
  return { parts, problems };
}

export function patternErrors(pattern: string): FieldError[] {
  return parsePattern(pattern).problems.map((message) => ({ field: 'pattern', message, constraint: 'pattern' }));
}

/** The number a pattern gives for `seq` at `now` (UTC). */
export const formatNumber = (pattern: string, seq: number, now: Date): string =>
  formatParts(parsePattern(pattern).parts, seq, now);

/** The number parsed parts give for `seq` at `now` (UTC); each {RAND:n} is drawn afresh. */
export function formatParts(parts: Part[], seq: number, now: Date): string {
  const pad = (v: number, w: number) => String(v).padStart(w, '0');
  const dated = {
    YYYY: () => pad(now.getUTCFullYear(), 4),
    YY: () => pad(now.getUTCFullYear() % 100, 2),
    MM: () => pad(now.getUTCMonth() + 1, 2),
    DD: () => pad(now.getUTCDate(), 2),
  };
  return parts
    .map((part) => {
      if ('literal' in part) return part.literal;
      if (part.token === 'SEQ') return pad(seq, part.width);
      if (part.token === 'RAND')
        return Array.from({ length: part.width }, () => RAND_ALPHABET[randomInt(RAND_ALPHABET.length)]).join('');
      return dated[part.token]();
    })
    .join('');
}
