import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookEndpointSecret,
  toDeliveryView,
  toEndpointView,
  updateWebhookEndpoint,
  WEBHOOK_DELIVERY_LIST,
  WEBHOOK_ENDPOINT_LIST,
  WEBHOOK_ENDPOINT_WORKFLOW,
} from '../../../shared/domain/webhook-endpoints/index.js';
import { can, list, listOf, noBodyIsEmpty, read, write } from '../../http/operation.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

// Answers carrying a secret are never stored as idempotency records (the key is ignored).
const showsSecret = { ...can('webhook_endpoint:write'), idempotent: false };

const webhookEndpoints: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/webhook-endpoints',
    { config: can('webhook_endpoint:read'), schema: s.listWebhookEndpointsSchema },
    list(WEBHOOK_ENDPOINT_LIST, listWebhookEndpoints, toEndpointView),
  );
  app.post(
    '/webhook-endpoints',
    { config: showsSecret, schema: s.createWebhookEndpointSchema },
    write(201, createWebhookEndpoint),
  );
  app.get(
    '/webhook-endpoints/:id',
    { config: can('webhook_endpoint:read'), schema: s.getWebhookEndpointSchema },
    read(getWebhookEndpoint),
  );
  app.patch(
    '/webhook-endpoints/:id',
    { config: can('webhook_endpoint:write'), schema: s.updateWebhookEndpointSchema },
    write(200, updateWebhookEndpoint),
  );
  app.post(
    '/webhook-endpoints/:id/disable',
    {
      ...actionRoute(WEBHOOK_ENDPOINT_WORKFLOW, 'disable', s.disableWebhookEndpointSchema),
      preValidation: noBodyIsEmpty,
    },
    write(200, disableWebhookEndpoint),
  );
  app.post(
    '/webhook-endpoints/:id/enable',
    actionRoute(WEBHOOK_ENDPOINT_WORKFLOW, 'enable', s.enableWebhookEndpointSchema),
    write(200, enableWebhookEndpoint),
  );
  app.post(
    '/webhook-endpoints/:id/rotate-secret',
    { config: showsSecret, schema: s.rotateWebhookEndpointSecretSchema },
    write(200, rotateWebhookEndpointSecret),
  );
  app.delete(
    '/webhook-endpoints/:id',
    { config: can('webhook_endpoint:write'), schema: s.deleteWebhookEndpointSchema },
    write(204, deleteWebhookEndpoint),
  );
  app.get(
    '/webhook-endpoints/:id/deliveries',
    { config: can('webhook_endpoint:read'), schema: s.listWebhookDeliveriesSchema },
    listOf(WEBHOOK_DELIVERY_LIST, listWebhookDeliveries, toDeliveryView),
  );
  app.post(
    '/webhook-endpoints/:id/deliveries/:deliveryId/redeliver',
    { config: can('webhook_endpoint:write'), schema: s.redeliverWebhookSchema },
    write(202, redeliverWebhook),
  );
};

export default webhookEndpoints;
