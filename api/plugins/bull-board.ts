import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../../shared/errors/index.js';

export const BOARD_PATH = '/admin/queues';

export const BOARD_COOKIE = 'board_token';
const signInPage = readFileSync(fileURLToPath(new URL('./board-sign-in.html', import.meta.url)), 'utf8');

/**
 * Bull Board over every queue, for holders of queue:admin. API clients send the bearer header; a
 * browser signs in at /admin/queues/sign-in, which exchanges its access token for an HttpOnly,
 * SameSite=Strict cookie scoped to the board (accepted only on board routes).
 */
export default fp(async (app) => {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BOARD_PATH);
  createBullBoard({
    queues: [...app.queues.queues.values()].map((q) => new BullMQAdapter(q, { readOnlyMode: false })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Insurance back office queues' } },
  });
  app.get(
    `${BOARD_PATH}/sign-in`,
    {
      config: { public: true },
      schema: { hide: true, response: { 200: { type: 'string' } } },
    },
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(signInPage),
  );

  app.post(
    `${BOARD_PATH}/session`,
    {
      config: { permissions: ['queue:admin'], idempotent: false },
      schema: { hide: true, response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token)
        throw new ValidationError([
          {
            field: 'headers.authorization',
            message: 'the access token to exchange goes in the bearer header',
            constraint: 'required',
          },
        ]);
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${BOARD_COOKIE}=${token}; Path=${BOARD_PATH}; HttpOnly; SameSite=Strict; Max-Age=${app.config.ACCESS_TOKEN_TTL}${secure}`,
      );
      return reply.code(204).send();
    },
  );

  await app.register(async (board) => {
    board.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), permissions: ['queue:admin'] };
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    await board.register(serverAdapter.registerPlugin(), { prefix: BOARD_PATH });
  });
});
