import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../../shared/kernel/errors.js';
import { BOARD_PATH } from './bull-board.js';

const isBoardRequest = (request: FastifyRequest) => request.url.startsWith(BOARD_PATH);

/**
 * Per client IP, counted in Redis so every API process shares one count.
 * Routes set a tighter `config.rateLimit`; health routes set `rateLimit: false`.
 * When Redis is unreachable requests are let through (skipOnError) rather than refused.
 */
export default fp(async (app) => {
  const { config } = app;
  await app.register(rateLimit, {
    global: true,
    timeWindow: config.RATE_LIMIT_WINDOW_S * 1000,
    redis: app.requestRedis,
    nameSpace: `${config.REDIS_PREFIX}:rl:`,
    skipOnError: true,
    // Bull Board polls every few seconds and loads its assets: a count and a limit of its own, so
    // watching the queues never spends the API's budget nor is refused by it.
    keyGenerator: (request) => (isBoardRequest(request) ? `board:${request.ip}` : request.ip),
    max: (request) => (isBoardRequest(request) ? config.RATE_LIMIT_BOARD_MAX : config.RATE_LIMIT_MAX),
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
});

/** A tighter per-route limit, per minute per client IP. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
