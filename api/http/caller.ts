import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../shared/domain/access/index.js';
import { UnauthenticatedError } from '../../shared/kernel/errors.js';

/** The signed-in caller of a protected route (set by the auth plugin before any handler runs). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.principal) throw new UnauthenticatedError();
  return request.principal;
}

/** The client's User-Agent, shown in the session list. */
export function userAgentOf(request: FastifyRequest): string | undefined {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua : undefined;
}
