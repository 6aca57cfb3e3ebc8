import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { type ReceivedEvent, RegistryIntake, verifyWebhookSignature } from '../../../shared/domain/registry/index.js';
import { WEBHOOK_ACTOR } from '../../../shared/kernel/unit-of-work.js';
import { guardedJsonParser } from '../../http/json-guards.js';
import { sendPublicWrite } from '../../http/reply.js';
import { perMinute } from '../../plugins/rate-limit.js';
import { registryWebhookSchema } from './schemas.js';

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
/** Registry deliveries are small; a public route takes no more than this. */
const WEBHOOK_BODY_LIMIT = 262_144;

/** The signature covers the exact bytes received, so this context keeps the raw body beside the parsed one. */
const webhooks: FastifyPluginAsyncTypebox = async (app) => {
  const intake = new RegistryIntake(app.deps);
  const parseJson = guardedJsonParser(app);
  app.removeContentTypeParser('application/json');
  // The signature is checked on the bytes received, before they are parsed: an unsigned sender costs a hash.
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

  app.post(
    '/webhooks/registry',
    {
      config: { public: true, ...perMinute(app.config.RATE_LIMIT_WEBHOOK_MAX) },
      schema: registryWebhookSchema,
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // A delivery without a body never reached the parser: checked here, still before validation.
      preValidation: async (request) => {
        if (request.rawBody !== undefined) return;
        verifyWebhookSignature(app.config.REGISTRY_WEBHOOK_SECRET, { ...signatureHeaders(request), rawBody: '' });
      },
    },
    async (request, reply) =>
      sendPublicWrite<ReceivedEvent>(
        request,
        reply,
        (r) => (r.status === 'queued' ? 201 : 200),
        (act) =>
          intake.receive(
            { ...act, actor: WEBHOOK_ACTOR },
            { event: request.body, webhookId: String(request.headers['webhook-id']) },
          ),
      ),
  );
};

export default webhooks;
