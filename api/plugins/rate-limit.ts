import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../../shared/kernel/errors.js';

/**
 * Per client IP, counted in Redis so every API process shares one count.
 * Routes set a tighter `config.rateLimit`; health routes set `rateLimit: false`.
 * When Redis is unreachable requests are let through (skipOnError) rather than refused.
 */
export default fp(async (app) => {
  const { config } = app;
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_S * 1000,
    redis: app.requestRedis,
    nameSpace: `${config.REDIS_PREFIX}:rl:`,
    skipOnError: true,
    keyGenerator: (request) => request.ip,
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
});

/** A tighter per-route limit, per minute per client IP. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
