import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WEBHOOK_ACTOR } from '../../../shared/db/unit-of-work.js';
import {
  type ReceivedEvent,
  type RegistryEventInput,
  receiveRegistryEvent,
} from '../../../shared/domain/registry/registry-events.js';
import { verifyWebhookSignature } from '../../../shared/domain/registry/signature.js';
import { sendPublicWrite } from '../../http/reply.js';
import { perMinute } from '../../plugins/rate-limit.js';
import { registryWebhookSchema } from '../../schemas/webhooks/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The signature covers the exact bytes received, so this context keeps the raw body beside the parsed one. */
const webhooks: FastifyPluginAsyncTypebox = async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    parseJson(request, body as string, done);
  });

  app.post(
    '/webhooks/registry',
    {
      config: { public: true, ...perMinute(app.config.RATE_LIMIT_WEBHOOK_MAX) },
      schema: registryWebhookSchema,
      // Checked before the body is validated: an unsigned sender learns nothing about the schema.
      preValidation: async (request) => {
        verifyWebhookSignature(app.config.REGISTRY_WEBHOOK_SECRET, {
          id: header(request.headers['webhook-id']),
          timestamp: header(request.headers['webhook-timestamp']),
          signature: header(request.headers['webhook-signature']),
          rawBody: request.rawBody ?? '',
        });
      },
    },
    async (request, reply) =>
      sendPublicWrite<ReceivedEvent>(
        request,
        reply,
        (r) => (r.status === 'queued' ? 201 : 200),
        (act) =>
          receiveRegistryEvent(
            app.deps,
            { ...act, actor: WEBHOOK_ACTOR },
            { event: request.body as RegistryEventInput, webhookId: String(request.headers['webhook-id']) },
          ),
      ),
  );
};

export default webhooks;
