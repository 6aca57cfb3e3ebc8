/**
 * Outbound webhooks: endpoints integrators register, the dispatcher that turns committed integration
 * events into deliveries, and the deliveries themselves (signed, checked against server-side request
 * forgery at every try, retried for about a day, every attempt on record).
 */

import { jobAct } from '../../kernel/act.js';
import { defineJob } from '../../kernel/jobs.js';
import { defineDomain } from '../../kernel/manifest.js';
import { deliverWebhook } from './deliver.js';
import { dispatchWebhooks } from './dispatch.js';
import { Migration20261128000300_webhook_endpoint_insurer } from './endpoint-insurer.migration.js';
import {
  WebhookDeliveryAttempt as WebhookDeliveryAttemptEntity,
  WebhookDelivery as WebhookDeliveryEntity,
  WebhookDispatchHead as WebhookDispatchHeadEntity,
  WebhookEndpoint as WebhookEndpointEntity,
} from './webhook-endpoint.entity.js';
import { WEBHOOK_ENDPOINT_WORKFLOW } from './webhook-endpoint.workflow.js';
import { provideWebhookEndpoints } from './webhook-endpoints.deps.js';
import { DELIVER_WEBHOOK, DISPATCH_WEBHOOKS } from './webhook-endpoints.jobs.js';
import { Migration20261127000700_webhook_endpoints } from './webhook-endpoints.migration.js';
import { WEBHOOK_ENDPOINT_PERMISSIONS } from './webhook-endpoints.permissions.js';

export { listWebhookDeliveries, redeliverWebhook, toDeliveryView, WEBHOOK_DELIVERY_LIST } from './deliveries.js';
export { toEndpointView, WEBHOOK_ENDPOINT_LIST } from './endpoint.view.js';
export {
  CreateWebhookEndpointInput,
  DisableWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WEBHOOK_ENDPOINTS_TAG,
  WebhookDelivery,
  WebhookDeliveryFilters,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from './webhook-endpoint.schemas.js';
export { WEBHOOK_ENDPOINT_WORKFLOW } from './webhook-endpoint.workflow.js';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
} from './webhook-endpoints.service.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const webhookEndpointsDomain = defineDomain({
  name: 'webhook-endpoints',
  permissions: WEBHOOK_ENDPOINT_PERMISSIONS,
  workflows: [WEBHOOK_ENDPOINT_WORKFLOW],
  entities: [WebhookEndpointEntity, WebhookDeliveryEntity, WebhookDeliveryAttemptEntity, WebhookDispatchHeadEntity],
  migrations: [
    { name: 'Migration20261127000700_webhook_endpoints', class: Migration20261127000700_webhook_endpoints },
    {
      name: 'Migration20261128000300_webhook_endpoint_insurer',
      class: Migration20261128000300_webhook_endpoint_insurer,
    },
  ],
  provide: provideWebhookEndpoints,
  jobs: [
    defineJob(DISPATCH_WEBHOOKS, {
      process: (deps) => dispatchWebhooks(deps),
      summary: (r) => `${r.events} events, ${r.deliveries} deliveries made, ${r.queued} queued`,
    }),
    defineJob(DELIVER_WEBHOOK, {
      process: (deps, { deliveryId }, job, trace) => deliverWebhook(deps, jobAct(job, trace), deliveryId, job),
    }),
  ],
});
