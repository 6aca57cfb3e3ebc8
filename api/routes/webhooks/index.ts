import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  getRegistryEvent,
  listRegistryEvents,
  REGISTRY_EVENT_LIST,
  toRegistryEventRecord,
} from '../../../shared/domain/registry/index.js';
import { can, list, read } from '../../http/operation.js';
import { perMinute } from '../../plugins/rate-limit.js';
import { parseSignedJson, receiveRegistryEvents, verifyBodyless } from './intake.js';
import { getRegistryEventSchema, listRegistryEventsSchema, registryWebhookSchema } from './schemas.js';

/** Registry deliveries are small; a public route takes no more than this. */
const WEBHOOK_BODY_LIMIT = 262_144;

/** The signature covers the exact bytes received, so this context keeps the raw body beside the parsed one. */
const webhooks: FastifyPluginAsyncTypebox = async (app) => {
  parseSignedJson(app);

  app.post(
    '/webhooks/registry',
    {
      config: {
        public: true,
        ...perMinute(app.config.RATE_LIMIT_WEBHOOK_MAX),
        errors: ['INVALID_SIGNATURE', 'CONFLICT'],
      },
      schema: registryWebhookSchema,
      bodyLimit: WEBHOOK_BODY_LIMIT,
      preValidation: verifyBodyless,
    },
    receiveRegistryEvents(app),
  );
  app.get(
    '/webhooks/registry/events',
    { config: can('webhook:read'), schema: listRegistryEventsSchema },
    list(REGISTRY_EVENT_LIST, listRegistryEvents, toRegistryEventRecord),
  );
  app.get(
    '/webhooks/registry/events/:eventId',
    { config: can('webhook:read'), schema: getRegistryEventSchema },
    read(getRegistryEvent),
  );
};

export default webhooks;
