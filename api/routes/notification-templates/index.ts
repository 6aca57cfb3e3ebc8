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
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const notificationTemplates: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, paginator } = app;

  app.get(
    '/notification-templates',
    { config: { permissions: ['notification_template:read'] }, schema: s.listNotificationTemplatesSchema },
    async (request) => {
      const { limit, cursor, sort, ...filters } = request.query;
      const plan = paginator.plan(NOTIFICATION_TEMPLATE_LIST, { limit, cursor, sort });
      return paginator.respond(
        request,
        plan,
        await listNotificationTemplates(deps, userActOf(request), { filters, page: plan }),
        toNotificationTemplateView,
      );
    },
  );
  app.post(
    '/notification-templates',
    { config: { permissions: ['notification_template:write'] }, schema: s.createNotificationTemplateSchema },
    async (request, reply) =>
      sendWrite(request, reply, 201, (act) => createNotificationTemplate(deps, act, request.body)),
  );
  app.get(
    '/notification-templates/placeholders',
    { config: { permissions: ['notification_template:read'] }, schema: s.listTemplatePlaceholdersSchema },
    async (request) => ok(request, templatePlaceholders()),
  );
  app.get(
    '/notification-templates/:id',
    { config: { permissions: ['notification_template:read'] }, schema: s.getNotificationTemplateSchema },
    async (request) => ok(request, await getNotificationTemplate(deps, userActOf(request), request.params)),
  );
  app.patch(
    '/notification-templates/:id',
    actionRoute(NOTIFICATION_TEMPLATE_WORKFLOW, 'update', s.updateNotificationTemplateSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) =>
        updateNotificationTemplate(deps, act, { ...request.params, ...request.body }),
      ),
  );
  app.post(
    '/notification-templates/:id/publish',
    actionRoute(NOTIFICATION_TEMPLATE_WORKFLOW, 'publish', s.publishNotificationTemplateSchema),
    async (request, reply) =>
      sendWrite<Awaited<ReturnType<typeof publishNotificationTemplate>>>(
        request,
        reply,
        (r) => (r.published ? 201 : 200),
        (act) => publishNotificationTemplate(deps, act, request.params),
        (r) => r.template,
      ),
  );
  app.post(
    '/notification-templates/:id/archive',
    actionRoute(NOTIFICATION_TEMPLATE_WORKFLOW, 'archive', s.archiveNotificationTemplateSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => archiveNotificationTemplate(deps, act, request.params)),
  );
};

export default notificationTemplates;
