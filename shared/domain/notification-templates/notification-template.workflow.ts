import { defineWorkflow } from '../../kernel/workflow.js';
import { TEMPLATE_STATUSES } from './notification-template.entity.js';

/**
 * A notification template version: edited while draft, published (publishing a published one again
 * changes nothing and answers 200), archived by hand or superseded when a newer version of the same
 * key, channel and locale is published. Archived is final.
 */
export const NOTIFICATION_TEMPLATE_WORKFLOW = defineWorkflow('notification template', TEMPLATE_STATUSES, {
  update: {
    from: ['draft'],
    to: 'draft',
    permission: 'notification_template:write',
    audit: 'notification_template.update',
  },
  publish: {
    from: ['draft'],
    to: 'published',
    toText: 'published (a published template again: unchanged, 200)',
    permission: 'notification_template:write',
    audit: 'notification_template.publish',
  },
  archive: {
    from: ['draft', 'published'],
    to: 'archived',
    permission: 'notification_template:write',
    audit: 'notification_template.archive',
  },
  supersede: {
    from: ['published'],
    to: 'archived',
    toText: 'archived, when a newer version of its key, channel and locale is published',
    permission: 'system',
    audit: 'notification_template.supersede',
  },
});
