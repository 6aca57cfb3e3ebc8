import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answer } from '../../http/operation.js';
import { metricsRoute } from './metrics.js';
import { healthProbes } from './probes.js';
import { healthSchema, liveSchema, metricsSchema, readySchema } from './schemas.js';

/** Health routes sit outside every rate limit and need no token. */
const health: FastifyPluginAsyncTypebox = async (app) => {
  const open = { public: true, rateLimit: false } as const;
  const probe = healthProbes(app);

  app.get('/health/live', { config: { ...open, errors: ['NOT_LIVE'] }, schema: liveSchema }, answer(probe.live));
  app.get('/health/ready', { config: { ...open, errors: ['NOT_READY'] }, schema: readySchema }, answer(probe.ready));
  app.get('/health', { config: open, schema: healthSchema }, answer(probe.health));
  // Off (404) without METRICS_TOKEN; 401 for a caller without it.
  app.get(
    '/metrics',
    { config: { ...open, errors: ['NOT_FOUND', 'UNAUTHENTICATED'] }, schema: metricsSchema },
    metricsRoute,
  );
};

export default health;
