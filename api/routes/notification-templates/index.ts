import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  archiveNotificationTemplate,
  createNotificationTemplate,
  getNotificationTemplate,
  listNotificationTemplates,
  NOTIFICATION_TEMPLATE_LIST,
  NOTIFICATION_TEMPLATE_WORKFLOW,
  publishNotificationTemplate,
  templatePlaceholders,
  toNotificationTemplateView,
  updateNotificationTemplate,
} from '../../../shared/domain/notification-templates/index.js';
import { can, list, read, write } from '../../http/operation.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const notificationTemplates: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notification-templates',
    { config: can('notification_template:read'), schema: s.listNotificationTemplatesSchema },
    list(NOTIFICATION_TEMPLATE_LIST, listNotificationTemplates, toNotificationTemplateView),
  );
  app.post(
    '/notification-templates',
    { config: can('notification_template:write'), schema: s.createNotificationTemplateSchema },
    write(201, createNotificationTemplate),
  );
  app.get(
    '/notification-templates/placeholders',
    { config: can('notification_template:read'), schema: s.listTemplatePlaceholdersSchema },
    read(templatePlaceholders),
  );
  app.get(
    '/notification-templates/:id',
    { config: can('notification_template:read'), schema: s.getNotificationTemplateSchema },
    read(getNotificationTemplate),
  );
  app.patch(
    '/notification-templates/:id',
    actionRoute(NOTIFICATION_TEMPLATE_WORKFLOW, 'update', s.updateNotificationTemplateSchema),
    write(200, updateNotificationTemplate),
  );
  app.post(
    '/notification-templates/:id/publish',
    actionRoute(NOTIFICATION_TEMPLATE_WORKFLOW, 'publish', s.publishNotificationTemplateSchema),
    write((r) => (r.published ? 201 : 200), publishNotificationTemplate, { present: (r) => r.template }),
  );
  app.post(
    '/notification-templates/:id/archive',
    actionRoute(NOTIFICATION_TEMPLATE_WORKFLOW, 'archive', s.archiveNotificationTemplateSchema),
    write(200, archiveNotificationTemplate),
  );
};

export default notificationTemplates;
