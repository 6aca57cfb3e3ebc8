import type { FastifyReply, FastifyRequest } from 'fastify';
import { ANONYMOUS_ACTOR, type RenderedResponse, type WriteContext } from '../../shared/db/unit-of-work.js';

export const ok = <T>(request: FastifyRequest, data: T) => ({ data, meta: { requestId: request.id } });

/** The write context of a request: who acts, its correlator and address, and its idempotency claim. */
export function writeContext(request: FastifyRequest, render?: (result: unknown) => RenderedResponse): WriteContext {
  const claim = request.idempotencyClaim;
  return {
    actor: request.actorId ?? ANONYMOUS_ACTOR,
    requestId: request.id,
    ip: request.ip,
    idempotency: claim && render ? claim.completion(render) : undefined,
  };
}

/**
 * Runs a state-changing service call and sends its response. The same rendering is stored with the
 * change as the idempotency record, so a replay answers exactly what the first request answered.
 * `status` may depend on the result (201 created vs 200 updated); 204 sends no body.
 */
export async function sendWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number | ((result: T) => number),
  run: (ctx: WriteContext) => Promise<T>,
): Promise<FastifyReply> {
  const render = (result: unknown): RenderedResponse => {
    const code = typeof status === 'function' ? status(result as T) : status;
    return { status: code, body: code === 204 ? null : ok(request, result) };
  };
  const ctx = writeContext(request, render);
  const result = await run(ctx);
  const response = ctx.idempotency?.stored ?? render(result);
  reply.code(response.status);
  return response.status === 204 ? reply.send() : reply.send(response.body);
}
