import { Type } from 'typebox';
import { TEMPLATE_KEYS } from '../../../shared/domain/notification-templates/catalogue.js';
import {
  TEMPLATE_CHANNELS,
  TEMPLATE_STATUSES,
} from '../../../shared/domain/notification-templates/notification-template.entity.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';
import {
  component,
  Envelope,
  ERROR_RESPONSES,
  IdOf,
  ListEnvelope,
  Nullable,
  PlainText,
  StringEnum,
  TextBlock,
  Timestamp,
  tag,
} from '../common.js';

const tags = tag(
  'notification-templates',
  'The texts of the mails and text messages the service sends, per key, channel and locale, versioned: drafts are edited, one version is published, archived versions are kept.',
);

const Key = StringEnum(TEMPLATE_KEYS, {
  description: 'What the template is for; each key supplies its own placeholders',
});
const Locale = Type.String({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$', description: 'e.g. en, sw, fr-CA' });
const Subject = PlainText(300, { description: 'Email only; may use {{placeholders}}' });
const Body = TextBlock(20_000, { description: 'May use {{placeholders}}' });

export const NotificationTemplate = component(
  'NotificationTemplate',
  Type.Object(
    {
      id: Type.String(),
      key: Type.String(),
      channel: StringEnum(TEMPLATE_CHANNELS),
      locale: Type.String(),
      subject: Nullable(Type.String()),
      body: Type.String(),
      status: StringEnum(TEMPLATE_STATUSES),
      version: Type.Integer({ description: 'Numbered from 1 per key, channel and locale' }),
      publishedAt: Nullable(Timestamp),
      archivedAt: Nullable(Timestamp),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'One version of a notification template' },
  ),
);

const TemplateEnvelope = Envelope(NotificationTemplate, 'The template');
const IdParams = Type.Object({ id: IdOf('The template') });

export const listNotificationTemplatesSchema = {
  operationId: 'listNotificationTemplates',
  tags,
  summary: 'List notification templates',
  description: 'Every version of every template, newest first unless sorted.',
  querystring: Type.Object(
    {
      ...PageQuery,
      q: SearchQuery('key, subject or body'),
      key: Type.Optional(Key),
      channel: Type.Optional(StringEnum(TEMPLATE_CHANNELS)),
      locale: Type.Optional(Locale),
      status: Type.Optional(StringEnum(TEMPLATE_STATUSES, { description: 'Only templates in this status' })),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(NotificationTemplate), ...ERROR_RESPONSES },
};

export const createNotificationTemplateSchema = {
  operationId: 'createNotificationTemplate',
  tags,
  summary: 'Create a notification template',
  description:
    'Creates a draft, the next version of its key, channel and locale. An email template needs a subject, an sms template has none. Placeholders are checked at publish.',
  body: Type.Object(
    { key: Key, channel: StringEnum(TEMPLATE_CHANNELS), locale: Locale, subject: Type.Optional(Subject), body: Body },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(NotificationTemplate, 'The template, draft'), ...ERROR_RESPONSES },
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
  description: 'Changes the subject or body of a draft; any other status answers 422 INVALID_TRANSITION.',
  params: IdParams,
  body: Type.Object(
    { subject: Type.Optional(Subject), body: Type.Optional(Body) },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: { 200: TemplateEnvelope, ...ERROR_RESPONSES },
};

export const publishNotificationTemplateSchema = {
  operationId: 'publishNotificationTemplate',
  tags,
  description:
    'Publishes a draft (201): it becomes the published version of its key, channel and locale, and the one published before is archived. A published template answers 200 unchanged; an archived one 422. A placeholder the key does not supply answers 400 naming it.',
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
