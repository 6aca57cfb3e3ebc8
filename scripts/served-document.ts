import { buildApp } from '../api/app.js';
import { loadConfig } from '../shared/config/index.js';

/**
 * The OpenAPI document the service serves at /openapi.json. The app is built but never listens; its
 * database pool connects only on first use, so only Redis (the queue producers) needs to answer.
 */
export async function servedDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, logger: false });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
