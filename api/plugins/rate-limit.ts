import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../../shared/kernel/errors.js';
import { clientKeyOf } from '../http/client-key.js';
import { BOARD_PATH } from './bull-board.js';
import { SharedRateCounts, SharedRateLimitStore } from './rate-limit-store.js';

const isBoardRequest = (request: FastifyRequest) => request.url.startsWith(BOARD_PATH);

/** The machine client whose (verified) token the request carries: its requests count per client, not per address. */
const machineClientOf = (request: FastifyRequest) => {
  const pending = request.pendingCaller;
  return pending && 'claims' in pending && pending.claims.cli === true ? pending.claims.sub : undefined;
};

/**
 * Per client IP (an IPv6 client's /64), counted in Redis so every API process shares one count (rate-limit-store.ts: a
 * process adds its counts to Redis every 100 ms, and asks Redis at each request once half a limit is
 * spent or when the limit is small). Routes set a tighter `config.rateLimit`; health routes set
 * `rateLimit: false`. When Redis is unreachable each process goes on counting on its own.
 */
export default fp(async (app) => {
  const { config } = app;
  const counts = new SharedRateCounts(app.requestRedis);
  const root = new SharedRateLimitStore(counts, `${config.REDIS_PREFIX}:rl:`);
  app.addHook('onClose', () => counts.close());
  await app.register(rateLimit, {
    global: true,
    timeWindow: config.RATE_LIMIT_WINDOW_S * 1000,
    // The plugin makes its store with `new`: this one hands it the process's shared counts.
    store: function RootStore() {
      return root;
    } as unknown as FastifyRateLimitStoreCtor,
    skipOnError: true,
    // Bull Board polls every few seconds and loads its assets: a count and a limit of its own, so
    // watching the queues never spends the API's budget nor is refused by it.
    // A machine client's token counts per client (RATE_LIMIT_CLIENT_MAX): one system behind many
    // addresses, or many systems behind one gateway, each gets its own budget.
    keyGenerator: (request) => {
      if (isBoardRequest(request)) return `board:${clientKeyOf(request.ip)}`;
      const client = machineClientOf(request);
      return client ? `client:${client}` : clientKeyOf(request.ip);
    },
    max: (request) => {
      if (isBoardRequest(request)) return config.RATE_LIMIT_BOARD_MAX;
      return machineClientOf(request) ? config.RATE_LIMIT_CLIENT_MAX : config.RATE_LIMIT_MAX;
    },
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
});

/** A tighter per-route limit, per minute per client IP. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
