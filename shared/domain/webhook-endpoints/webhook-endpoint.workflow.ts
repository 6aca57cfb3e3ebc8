import { defineWorkflow } from '../../kernel/workflow.js';
import { ENDPOINT_STATUSES } from './webhook-endpoint.entity.js';

/** An endpoint's status: disabled and enabled by people; disabled by the service after three days of failures. */
export const WEBHOOK_ENDPOINT_WORKFLOW = defineWorkflow('webhook endpoint', ENDPOINT_STATUSES, {
  disable: {
    from: ['enabled'],
    to: 'disabled',
    permission: 'webhook_endpoint:write',
    audit: 'webhook_endpoint.disable',
  },
  enable: { from: ['disabled'], to: 'enabled', permission: 'webhook_endpoint:write', audit: 'webhook_endpoint.enable' },
  giveUp: {
    from: ['enabled'],
    to: 'disabled',
    toText: 'disabled (its deliveries failed for three days)',
    permission: 'system',
    audit: 'webhook_endpoint.disable_failing',
  },
});
