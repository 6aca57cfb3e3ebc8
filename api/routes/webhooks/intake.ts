import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ReceivedEvent, RegistryIntake, verifyWebhookSignature } from '../../../shared/domain/registry/index.js';
import { WEBHOOK_ACTOR } from '../../../shared/kernel/unit-of-work.js';
import { guardedJsonParser } from '../../http/json-guards.js';
import { sendPublicWrite } from '../../http/reply.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const signatureHeaders = (request: FastifyRequest) => ({
  id: header(request.headers['webhook-id']),
  timestamp: header(request.headers['webhook-timestamp']),
  signature: header(request.headers['webhook-signature']),
});

/**
 * The context's JSON parser: the signature is checked on the bytes received, before they are parsed
 * (an unsigned sender costs a hash), and the raw body is kept beside the parsed one.
 */
export function parseSignedJson(app: FastifyInstance) {
  const parseJson = guardedJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = body as string;
    request.rawBody = raw;
    try {
      verifyWebhookSignature(app.config.REGISTRY_WEBHOOK_SECRET, { ...signatureHeaders(request), rawBody: raw });
    } catch (err) {
      return done(err as Error, undefined);
    }
    parseJson(request, raw, done);
  });
}

/** A delivery without a body never reached the parser: its signature is checked here, still before validation. */
export async function verifyBodyless(request: FastifyRequest) {
  if (request.rawBody !== undefined) return;
  verifyWebhookSignature(request.server.config.REGISTRY_WEBHOOK_SECRET, { ...signatureHeaders(request), rawBody: '' });
}

/** The intake of registry deliveries: 201 when the event is queued, 200 when it was already received. */
export function receiveRegistryEvents(app: FastifyInstance) {
  const intake = new RegistryIntake(app.deps);
  type Delivery = Parameters<RegistryIntake['receive']>[1];
  return (request: FastifyRequest & { body: Delivery['event'] }, reply: FastifyReply) =>
    // The sent reply, its body rendered and checked against the response schema by sendPublicWrite.
    sendPublicWrite<ReceivedEvent>(
      request,
      reply,
      (r) => (r.status === 'queued' ? 201 : 200),
      (act) =>
        intake.receive(
          { ...act, actor: WEBHOOK_ACTOR },
          { event: request.body, webhookId: String(request.headers['webhook-id']) },
        ),
    ) as Promise<never>;
}
