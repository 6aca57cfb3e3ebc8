import { isIP } from 'node:net';

/**
 * String formats of the API's own, known to the request validators (schema-compilers.ts) and named in
 * the OpenAPI document; each refusal answers 400 on its field with the message given here.
 */
interface TextFormat {
  validate: (value: string) => boolean;
  message: string;
}

/**
 * Bidirectional formatting characters that reorder how text is shown, so a name can read differently
 * from what it is: the embeddings and overrides U+202A..U+202E, the isolates U+2066..U+2069, and the
 * marks U+200E, U+200F and U+061C.
 */
const BIDI = '\\u202a-\\u202e\\u2066-\\u2069\\u200e\\u200f\\u061c';
/** Control characters: C0 (U+0000..U+001F), DEL and C1 (U+007F..U+009F). */
const LINE_REFUSED = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${BIDI}]`, 'u');
/** The same, but line feeds and tabs (U+000A, U+0009) are part of a text of several lines. */
const BLOCK_REFUSED = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI}]`, 'u');

/** Host names nobody outside the reader's own network can resolve (RFC 6761, RFC 6762, ICANN's .internal). */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal)$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * An https URL naming a public host by name: no user info, no IP address in any spelling (the URL
 * parser reads `https://2130706433/` and `https://0x7f.1/` as 127.0.0.1), at least two labels, none of
 * them a name of the local network. The authority must be a plain host name (and port) as written, so
 * nothing percent-encoded, bracketed or spelled otherwise reaches another parser.
 */
function isPublicHttpsUrl(value: string): boolean {
  if (!value.startsWith('https://') || LINE_REFUSED.test(value) || /[\s\\]/.test(value)) return false;
  const authority = value.slice('https://'.length).split(/[/?#]/, 1)[0].toLowerCase();
  if (!/^[a-z0-9.-]+(:[0-9]{1,5})?$/.test(authority)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname;
  if (url.username || url.password || isIP(host) || authority.split(':')[0] !== host) return false;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && !PRIVATE_NAME.test(host);
}

export const TEXT_FORMATS: Record<string, TextFormat> = {
  'plain-text': {
    validate: (value) => !LINE_REFUSED.test(value),
    message: 'must not contain control characters (line breaks included) or bidirectional formatting characters',
  },
  'plain-text-block': {
    validate: (value) => !BLOCK_REFUSED.test(value),
    message: 'must not contain control characters other than line feed and tab, or bidirectional formatting characters',
  },
  'public-https-url': {
    validate: isPublicHttpsUrl,
    message:
      'must be an https URL naming a public host: no user info, no IP address, not localhost or a .local, .internal or .localhost name',
  },
};
