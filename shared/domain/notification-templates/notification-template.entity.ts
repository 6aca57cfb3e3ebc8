import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

export const TEMPLATE_CHANNELS = ['email', 'sms'] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];
export const TEMPLATE_STATUSES = ['draft', 'published', 'archived'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** One version of the template of a key, channel and locale; at most one of them is published. */
export const NotificationTemplate = defineEntity({
  name: 'NotificationTemplate',
  tableName: 'notification_templates',
  properties: (p) => ({
    id: p.uuid().primary(),
    key: p.text(),
    channel: p.text().$type<TemplateChannel>(),
    locale: p.text(),
    subject: p.text().nullable(),
    body: p.text(),
    status: p.text().$type<TemplateStatus>().defaultRaw(`'draft'`),
    version: p.integer(),
    publishedAt: p.datetime().nullable(),
    archivedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof NotificationTemplate> {}
}
