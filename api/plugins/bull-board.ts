import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import fp from 'fastify-plugin';

export const BOARD_PATH = '/admin/queues';

/**
 * Bull Board over every queue, for holders of queue:admin. A browser signs in by presenting its
 * access token in the `board_token` cookie (see docs/operations.md); API clients may use the header.
 */
export default fp(async (app) => {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BOARD_PATH);
  createBullBoard({
    queues: [...app.queues.queues.values()].map((q) => new BullMQAdapter(q, { readOnlyMode: false })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Insurance back office queues' } },
  });
  await app.register(async (board) => {
    board.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), permissions: ['queue:admin'] };
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    await board.register(serverAdapter.registerPlugin(), { prefix: BOARD_PATH });
  });
});
