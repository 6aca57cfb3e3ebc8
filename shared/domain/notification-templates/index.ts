/** Notification templates: the versioned texts of the mails and text messages, their keys and placeholders. */

import { defineDomain } from '../../kernel/manifest.js';
import { NotificationTemplate as NotificationTemplateEntity } from './notification-template.entity.js';
import { NOTIFICATION_TEMPLATE_WORKFLOW } from './notification-template.workflow.js';
import { NOTIFICATION_TEMPLATE_PERMISSIONS } from './notification-templates.permissions.js';

export {
  fillPlaceholders,
  TEMPLATE_CATALOGUE,
  TEMPLATE_KEYS,
  type TemplateKey,
  templatePlaceholders,
} from './catalogue.js';
export {
  getNotificationTemplate,
  listNotificationTemplates,
  NOTIFICATION_TEMPLATE_LIST,
  toNotificationTemplateView,
} from './notification-template.view.js';
export { NOTIFICATION_TEMPLATE_WORKFLOW } from './notification-template.workflow.js';
export {
  CreateNotificationTemplateBody,
  NOTIFICATION_TEMPLATES_TAG,
  NotificationTemplate,
  NotificationTemplateFilters,
  TemplatePlaceholders,
  UpdateNotificationTemplateBody,
} from './notification-templates.schemas.js';
export {
  archiveNotificationTemplate,
  createNotificationTemplate,
  publishedTemplate,
  publishNotificationTemplate,
  updateNotificationTemplate,
} from './notification-templates.service.js';
export { missingLinkProblems, templateTextProblems } from './template-checks.js';
export { appLink, mailLinkHosts } from './template-links.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const notificationTemplatesDomain = defineDomain({
  name: 'notification-templates',
  workflows: [NOTIFICATION_TEMPLATE_WORKFLOW],
  permissions: NOTIFICATION_TEMPLATE_PERMISSIONS,
  entities: [NotificationTemplateEntity],
});
