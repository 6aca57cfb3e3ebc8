import type { FastifyReply, FastifyRequest } from 'fastify';

export const API_VERSION = '1';

/** The headers every answer carries, also the ones Fastify gives before any hook runs. */
export function wireHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  reply.header('api-version', API_VERSION);
}
