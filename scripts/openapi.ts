import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { servedDocument } from './served-document.js';

/** `npm run openapi [file]`: writes the OpenAPI document (the one served at /openapi.json) to openapi.json, or the file given. */
const file = process.argv[2] ?? 'openapi.json';
const document = await servedDocument();
// Rewriting a recorded document (test/fixtures/openapi.json) keeps its keys' order, so its diff shows what changed.
const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
const text = `${JSON.stringify(inOrderOf(document, previous), null, 2)}\n`;
writeFileSync(file, text);
console.log(`${file} written (${Buffer.byteLength(text)} bytes)`);

/** `value` with its objects' keys in the order `like` has them (keys `like` lacks come last). */
function inOrderOf(value: unknown, like: unknown): unknown {
  if (Array.isArray(value)) return value.map((v, i) => inOrderOf(v, Array.isArray(like) ? like[i] : undefined));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const known =
    like !== null && typeof like === 'object' && !Array.isArray(like) ? (like as Record<string, unknown>) : {};
  const keys = [...Object.keys(known).filter((k) => k in record), ...Object.keys(record).filter((k) => !(k in known))];
  return Object.fromEntries(keys.map((k) => [k, inOrderOf(record[k], known[k])]));
}
