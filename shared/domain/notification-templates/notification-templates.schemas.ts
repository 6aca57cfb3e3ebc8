import { type Static, Type } from 'typebox';
import { component, Int32, Nullable, PlainText, StringEnum, TextBlock, Timestamp, tag } from '../../kernel/schema.js';
import { TEMPLATE_KEYS } from './catalogue.js';
import { TEMPLATE_CHANNELS, TEMPLATE_STATUSES } from './notification-template.entity.js';

export const NOTIFICATION_TEMPLATES_TAG = tag(
  'notification-templates',
  'The texts of the mails and text messages the service sends, per key, channel and locale, versioned: drafts are edited, one version is published, archived versions are kept. Platform-wide: creating, changing, publishing or archiving them needs data scope all (403 otherwise).',
);

const Key = StringEnum(TEMPLATE_KEYS, {
  description: 'What the template is for; each key supplies its own placeholders',
});
const Locale = Type.String({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$', maxLength: 6, description: 'e.g. en, sw, fr-CA' });
const Subject = PlainText(300, { description: 'Email only; may use {{placeholders}}' });
const Body = TextBlock(20_000, { description: 'May use {{placeholders}}' });

export const NotificationTemplate = component(
  'NotificationTemplate',
  Type.Object(
    {
      id: Type.String({ maxLength: 64 }),
      key: Type.String({ maxLength: 128 }),
      channel: StringEnum(TEMPLATE_CHANNELS),
      locale: Type.String({ maxLength: 35 }),
      subject: Nullable(Type.String({ maxLength: 500 })),
      body: Type.String({ maxLength: 10000 }),
      status: StringEnum(TEMPLATE_STATUSES),
      version: Int32({ description: 'Numbered from 1 per key, channel and locale' }),
      publishedAt: Nullable(Timestamp),
      archivedAt: Nullable(Timestamp),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'One version of a notification template' },
  ),
);
export type NotificationTemplateView = Static<typeof NotificationTemplate>;

/** The filters of the list of templates (besides `q`), as query parameters. */
export const NotificationTemplateFilters = {
  key: Type.Optional(Key),
  channel: Type.Optional(StringEnum(TEMPLATE_CHANNELS)),
  locale: Type.Optional(Locale),
  status: Type.Optional(StringEnum(TEMPLATE_STATUSES, { description: 'Only templates in this status' })),
};

/** The body of POST /notification-templates. */
export const CreateNotificationTemplateBody = Type.Object(
  { key: Key, channel: StringEnum(TEMPLATE_CHANNELS), locale: Locale, subject: Type.Optional(Subject), body: Body },
  { additionalProperties: false },
);

/** Each template key with the placeholders the service fills in it (see catalogue.ts). */
export const TemplatePlaceholders = component(
  'TemplatePlaceholders',
  Type.Object(
    {
      key: Key,
      description: Type.String({ maxLength: 4000, description: 'What the template of this key is for' }),
      placeholders: Type.Array(
        Type.Object({
          name: Type.String({ maxLength: 255, description: 'Written {{name}} in a subject or body' }),
          description: Type.String({
            maxLength: 4000,
            description: 'What the service fills in, and where it may stand',
          }),
        }),
        // The service's own list for the key: a handful.
        { maxItems: 100 },
      ),
    },
    { description: 'The placeholders the service fills in a template of one key, for every channel' },
  ),
);

/** The body of PATCH /notification-templates/{id}: the subject, the body or both. */
export const UpdateNotificationTemplateBody = Type.Object(
  { subject: Type.Optional(Subject), body: Type.Optional(Body) },
  { additionalProperties: false, minProperties: 1 },
);
