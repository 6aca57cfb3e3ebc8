/** The reading side of notification templates: the view of a template, and the list of them. */
import { type InferResult, sql } from 'kysely';
import { db, iso, isoOrNull, type Source } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { NotFoundError } from '../../kernel/errors.js';
import { defineList, listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import type { TemplateChannel, TemplateStatus } from './notification-template.entity.js';
import type { NotificationTemplateView } from './notification-templates.schemas.js';

const templateRows = (em: Source) => db(em).selectFrom('notification_templates as nt').selectAll('nt');
type TemplateRow = InferResult<ReturnType<typeof templateRows>>[number];

export const toNotificationTemplateView = (r: TemplateRow): NotificationTemplateView => ({
  id: r.id,
  key: r.key,
  channel: r.channel,
  locale: r.locale,
  subject: r.subject,
  body: r.body,
  status: r.status,
  version: r.version,
  publishedAt: isoOrNull(r.published_at),
  archivedAt: isoOrNull(r.archived_at),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export interface TemplateFilters {
  key?: string;
  channel?: TemplateChannel;
  locale?: string;
  status?: TemplateStatus;
}

/** Notification templates are platform-wide: every reader sees them all (no data scope). */
export const NOTIFICATION_TEMPLATE_LIST = defineList({
  name: 'notification-templates',
  rows: templateRows,
  sortable: ['createdAt', 'key', 'version'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('nt.created_at'),
    key: eb.ref('nt.key'),
    version: eb.ref('nt.version'),
    id: eb.ref('nt.id'),
  }),
  changedAt: (eb) => eb.ref('nt.updated_at'),
  scope: 'none',
  search: (eb) =>
    sql<string>`(lower(${eb.ref('nt.key')}) || ' ' || lower(coalesce(${eb.ref('nt.subject')}, '')) || ' ' || lower(${eb.ref('nt.body')}))`,
  filters: {
    key: (eb, key: string) => eb('nt.key', '=', key),
    channel: (eb, channel: TemplateChannel) => eb('nt.channel', '=', channel),
    locale: (eb, locale: string) => eb('nt.locale', '=', locale),
    status: (eb, status: TemplateStatus) => eb('nt.status', '=', status),
  } as const,
});

export async function listNotificationTemplates(
  deps: ServiceDeps,
  act: UserAct,
  input: {
    filters: TemplateFilters & { q?: string };
    page: Keyset<(typeof NOTIFICATION_TEMPLATE_LIST.sortable)[number]>;
  },
): Promise<Page<TemplateRow>> {
  return listPage(NOTIFICATION_TEMPLATE_LIST, readSide(deps, act), act.caller.scope, input);
}

/** One template's view, read in `em` (404 when there is none). */
export const loadTemplateView = async (em: Source, id: string) => {
  const row = await templateRows(em).where('nt.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('No such notification template');
  return toNotificationTemplateView(row);
};

export const getNotificationTemplate = (deps: ServiceDeps, act: UserAct, input: { id: string }) =>
  loadTemplateView(readSide(deps, act), input.id);
