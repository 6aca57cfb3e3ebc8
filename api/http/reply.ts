import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Act, UserAct } from '../../shared/kernel/act.js';
import { ANONYMOUS_ACTOR } from '../../shared/kernel/unit-of-work.js';
import type { IdempotencyCompletion, RenderedResponse } from '../plugins/idempotency.js';
import { readsOf } from '../plugins/read-replicas.js';
import { commitGateOf } from '../plugins/request-timeout.js';
import { requestTraceparent } from '../plugins/tracing.js';
import { callerOf } from './caller.js';
import { correlationIdOf, metaOf } from './correlation.js';

export const ok = <T>(request: FastifyRequest, data: T) => ({ data, meta: metaOf(request) });

/**
 * The act of a request: who acts, its request id (and the client's correlation id), its address and
 * (for writes) its idempotency claim.
 */
function actOf(request: FastifyRequest, completion?: IdempotencyCompletion): Act {
  return {
    caller: request.principal,
    actor: request.actorId ?? ANONYMOUS_ACTOR,
    requestId: request.id,
    correlationId: correlationIdOf(request.headers),
    ip: request.ip,
    traceparent: requestTraceparent(request),
    idempotency: completion,
    gate: commitGateOf(request),
  };
}

/** The act of a signed-in user's request (every route but the public ones). */
export const userActOf = (request: FastifyRequest): UserAct => ({ ...actOf(request), caller: callerOf(request) });

/** The act of a read (a GET of a list or a record): its reads may go to a replica unless its caller wrote lately. */
export const readActOf = async (request: FastifyRequest): Promise<UserAct> => ({
  ...userActOf(request),
  ...(await readsOf(request)),
});

async function send<T, A extends Act>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number | ((result: T) => number),
  makeAct: (completion?: IdempotencyCompletion) => A,
  run: (act: A) => Promise<T>,
  present: (result: T) => unknown = (result) => result,
): Promise<FastifyReply> {
  const render = (result: unknown): RenderedResponse => {
    const code = typeof status === 'function' ? status(result as T) : status;
    return { status: code, body: code === 204 ? null : ok(request, present(result as T)) };
  };
  const completion = request.idempotencyClaim?.completion(render);
  let result: T;
  try {
    result = await run(makeAct(completion));
  } catch (err) {
    // Timed out and answered 503 already (plugins/request-timeout.ts): what it did was rolled back.
    if (request.timedOut) {
      request.log.info({ error: (err as Error).message }, 'timed-out request ended');
      return reply;
    }
    throw err;
  }
  if (request.timedOut) return reply;
  const response = completion?.stored ?? render(result);
  reply.code(response.status);
  return response.status === 204 ? reply.send() : reply.send(response.body);
}

/**
 * Runs a signed-in user's state-changing service call and sends its response. The same rendering is
 * stored with the change as the idempotency record, so a replay answers exactly what the first
 * request answered. `status` may depend on the result (201 created vs 200 updated), and `present`
 * picks what of the result is the response's data (the record, not the flag that chose the status);
 * 204 sends no body.
 */
export const sendWrite = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number | ((result: T) => number),
  run: (act: UserAct) => Promise<T>,
  present?: (result: T) => unknown,
) =>
  send(
    request,
    reply,
    status,
    (completion) => ({ ...actOf(request, completion), caller: callerOf(request) }),
    run,
    present,
  );

/** The same for the public routes (sign-in, password recovery, webhooks): nobody is signed in. */
export const sendPublicWrite = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number | ((result: T) => number),
  run: (act: Act) => Promise<T>,
  present?: (result: T) => unknown,
) => send(request, reply, status, (completion) => actOf(request, completion), run, present);
