import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../shared/domain/access/caller.js';
import { UnauthenticatedError } from '../../shared/errors/index.js';
import type { SessionMeta } from '../../shared/domain/identity/sessions.js';

/** The signed-in caller of a protected route (set by the auth plugin before any handler runs). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.principal) throw new UnauthenticatedError();
  return request.principal;
}

export function sessionMetaOf(request: FastifyRequest): SessionMeta {
  const ua = request.headers['user-agent'];
  return { userAgent: typeof ua === 'string' ? ua : undefined, ip: request.ip };
}
