import { Type } from 'typebox';
import {
  CreateNotificationTemplateBody,
  NOTIFICATION_TEMPLATES_TAG,
  NotificationTemplate,
  NotificationTemplateFilters,
  TEMPLATE_CATALOGUE,
  TEMPLATE_KEYS,
  TemplatePlaceholders,
  UpdateNotificationTemplateBody,
} from '../../../shared/domain/notification-templates/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const tags = NOTIFICATION_TEMPLATES_TAG;

/** The rules of a template's text and each key's placeholders, in the description of the operations that check them. */
const TEXT_RULES = [
  'Text rules, checked at create, update and publish (400 VALIDATION_ERROR naming the field): only the placeholders of the key;',
  'the link placeholder carrying the credential in the body only, with whitespace or the text edge on both sides;',
  'any other link or address (a scheme such as https: or mailto:, www., a domain name with a path, an e-mail address),',
  'read without zero-width characters and with full-width ones folded, only to a host of MAIL_LINK_HOSTS (default: the host of APP_BASE_URL).',
  'Placeholders by key (also GET /notification-templates/placeholders):',
  ...TEMPLATE_KEYS.map(
    (key) =>
      `${key}: ${Object.entries(TEMPLATE_CATALOGUE[key].placeholders)
        .map(([name, description]) => `{{${name}}} (${description})`)
        .join(', ')}.`,
  ),
].join(' ');

const TemplateEnvelope = Envelope(NotificationTemplate, 'The template');
const IdParams = Type.Object({ id: IdOf('The template') });

export const listNotificationTemplatesSchema = {
  operationId: 'listNotificationTemplates',
  tags,
  summary: 'List notification templates',
  description: 'Every version of every template, newest first unless sorted.',
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('key, subject or body'), ...NotificationTemplateFilters },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(NotificationTemplate), ...ERROR_RESPONSES },
};

export const createNotificationTemplateSchema = {
  operationId: 'createNotificationTemplate',
  tags,
  summary: 'Create a notification template',
  description: `Creates a draft, the next version of its key, channel and locale. An email template needs a subject, an sms template has none. ${TEXT_RULES}`,
  body: CreateNotificationTemplateBody,
  response: { 201: Envelope(NotificationTemplate, 'The template, draft'), ...ERROR_RESPONSES },
};

export const listTemplatePlaceholdersSchema = {
  operationId: 'listTemplatePlaceholders',
  tags,
  summary: 'List the placeholders of each template key',
  description:
    'Every key a template can be made for, with the {{placeholders}} the service fills in it. Any other placeholder answers 400 at create, update and publish; there is no {{token}}.',
  response: {
    200: Envelope(Type.Array(TemplatePlaceholders, { maxItems: 100 }), 'The keys and their placeholders'),
    ...ERROR_RESPONSES,
  },
};

export const getNotificationTemplateSchema = {
  operationId: 'getNotificationTemplate',
  tags,
  summary: 'Get a notification template',
  description: 'One version of a template.',
  params: IdParams,
  response: { 200: TemplateEnvelope, ...ERROR_RESPONSES },
};

// The summaries of the workflow actions come from the workflow table (api/http/workflow-route.ts).
export const updateNotificationTemplateSchema = {
  operationId: 'updateNotificationTemplate',
  tags,
  description: `Changes the subject or body of a draft; any other status answers 422 INVALID_TRANSITION. The text as changed is checked. ${TEXT_RULES}`,
  params: IdParams,
  body: UpdateNotificationTemplateBody,
  response: { 200: TemplateEnvelope, ...ERROR_RESPONSES },
};

export const publishNotificationTemplateSchema = {
  operationId: 'publishNotificationTemplate',
  tags,
  description: `Publishes a draft (201): it becomes the published version of its key, channel and locale, and the one published before is archived. A published template answers 200 unchanged; an archived one 422. The text is checked again, and its body must carry the link placeholder of its key (400 requiredPlaceholder otherwise: a mail without it gives the user no way in). ${TEXT_RULES}`,
  params: IdParams,
  response: {
    200: Envelope(NotificationTemplate, 'The template, already published'),
    201: Envelope(NotificationTemplate, 'The template, now published'),
    ...ERROR_RESPONSES,
  },
};

export const archiveNotificationTemplateSchema = {
  operationId: 'archiveNotificationTemplate',
  tags,
  description: 'Archives a draft or published template; archived is final.',
  params: IdParams,
  response: { 200: TemplateEnvelope, ...ERROR_RESPONSES },
};
