import { writeFileSync } from 'node:fs';
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
  const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  writeFileSync(file, text);
  console.log(`${file} written (${Buffer.byteLength(text)} bytes)`);
} finally {
  await app.close();
}
