import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../api/app.js';
import { loadConfig } from '../shared/config/index.js';

/**
 * `npm run openapi [file]`: writes the OpenAPI document (the one served at /openapi.json) to
 * openapi.json, or the file given. The app is built but never listens; its database pool connects
 * only on first use, so only Redis (the queue producers) needs to answer.
 */
const file = process.argv[2] ?? 'openapi.json';
const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, logger: false });
try {
  await app.ready();
  // Rewriting a recorded document (test/fixtures/openapi.json) keeps its keys' order, so its diff shows what changed.
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  const text = `${JSON.stringify(inOrderOf(app.swagger(), previous), null, 2)}\n`;
  writeFileSync(file, text);
  console.log(`${file} written (${Buffer.byteLength(text)} bytes)`);
} finally {
  await app.close();
}

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
