import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../../shared/kernel/errors.js';

export const BOARD_PATH = '/admin/queues';

export const BOARD_COOKIE = 'board_token';
/** Who may look at the board: either permission (queue:admin holders act, so they look too). */
const LOOK: ['queue:read', 'queue:admin'] = ['queue:read', 'queue:admin'];
/** A stylesheet link to another host (the board template's web fonts). */
const EXTERNAL_STYLESHEET = /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>/g;
/** Scripts, styles, images, fonts and calls from this origin only; the template's inline styles are allowed. */
const BOARD_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";
export const BOARD_SIGN_IN = `${BOARD_PATH}/sign-in`;
const signInPage = readFileSync(fileURLToPath(new URL('./board-sign-in.html', import.meta.url)), 'utf8');

/** The weight an Accept header gives a media type: its most specific matching range wins (none: 0; no header: any type, 1). */
function acceptWeight(accept: string | undefined, type: string): number {
  if (!accept) return 1;
  let best = { specificity: -1, q: 0 };
  for (const range of accept.split(',')) {
    const [name, ...params] = range.trim().toLowerCase().split(';');
    const [major, minor] = name.trim().split('/');
    const specificity =
      name.trim() === type ? 2 : minor === '*' && major === type.split('/')[0] ? 1 : name.trim() === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    best = { specificity, q: q === undefined ? 1 : Number(q) };
  }
  return best.q;
}

/**
 * A browser opening a board page, as opposed to an API client or the board's own calls: a GET that
 * prefers HTML to JSON. Without a valid session it is sent to the sign-in page rather than shown a
 * JSON error; API clients (JSON, or no Accept header) keep the 401 envelope.
 */
export function isBoardPageLoad(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url !== BOARD_PATH && !request.url.startsWith(`${BOARD_PATH}/`)) return false;
  const accept = request.headers.accept;
  if (!accept) return false;
  const html = acceptWeight(accept, 'text/html');
  return html > 0 && html > acceptWeight(accept, 'application/json');
}

/** 303 to the sign-in page; a board cookie that was sent (expired, revoked, malformed) is cleared. */
export function redirectToBoardSignIn(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if ((request.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${BOARD_COOKIE}=`)))
    reply.header('set-cookie', `${BOARD_COOKIE}=; Path=${BOARD_PATH}; HttpOnly; SameSite=Strict; Max-Age=0`);
  return reply.redirect(BOARD_SIGN_IN, 303);
}

/**
 * Bull Board over every queue: holders of queue:read look, holders of queue:admin also act (retry,
 * remove, promote, add, clean, pause). API clients send the bearer header; a
 * browser signs in at /admin/queues/sign-in, which exchanges its access token for an HttpOnly,
 * SameSite=Strict cookie scoped to the board (accepted only on board routes). A browser that opens
 * the board without a valid session is sent to the sign-in page (see isBoardPageLoad).
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
    BOARD_SIGN_IN,
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
      config: { permissions: [], anyPermission: LOOK, idempotent: false },
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
      // Looking (pages, assets, the queues' and jobs' reads) takes queue:read or queue:admin; acting takes queue:admin.
      const looks = [route.method].flat().every((m) => m === 'GET' || m === 'HEAD');
      const access = looks ? { permissions: [], anyPermission: LOOK } : { permissions: ['queue:admin' as const] };
      route.config = { ...(route.config ?? {}), ...access };
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    // The board's page loads nothing from other hosts: the web font link of its template is dropped (its
    // stylesheet falls back to the system's fonts), and its Content-Security-Policy allows this origin only.
    board.addHook('onSend', async (_request, reply, payload) => {
      if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
      reply.header('content-security-policy', BOARD_CSP);
      return typeof payload === 'string' ? payload.replace(EXTERNAL_STYLESHEET, '') : payload;
    });
    await board.register(serverAdapter.registerPlugin(), { prefix: BOARD_PATH });
  });
});
