import { type InferEntity, LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions, runAction, runStep } from '../../kernel/action.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { type FieldError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import type { AuditInput } from '../../kernel/unit-of-work.js';
import { transition } from '../../kernel/workflow.js';
import { assertScopeAll } from '../access/index.js';
import { channelHasSubject, type TemplateKey } from './catalogue.js';
import { NotificationTemplate, type TemplateChannel, type TemplateStatus } from './notification-template.entity.js';
import { loadTemplateView } from './notification-template.view.js';
import { NOTIFICATION_TEMPLATE_WORKFLOW } from './notification-template.workflow.js';
import type { NotificationTemplateView } from './notification-templates.schemas.js';
import { assertTemplateCarriesLink, assertTemplateText } from './template-checks.js';
import { mailLinkHosts } from './template-links.js';

/** Every insurer's users live by them: only data scope all changes them (403 naming data:scope:all otherwise). */
const PLATFORM_WIDE = 'Notification templates are platform-wide: changing them needs data scope all';

/** An email template needs a subject; an sms template has none. */
function subjectProblems(channel: TemplateChannel, subject: string | null | undefined): FieldError[] {
  if (channelHasSubject(channel) && !subject)
    return [{ field: 'subject', message: 'is required for an email template', constraint: 'required' }];
  if (!channelHasSubject(channel) && subject != null)
    return [{ field: 'subject', message: 'must be absent for an sms template', constraint: 'absent' }];
  return [];
}

/** Serialises the writers of one key, channel and locale (version numbers, the one published version). */
const lockFamily = (tx: EntityManager, t: { key: string; channel: string; locale: string }) =>
  db(tx)
    .selectNoFrom(
      sql`pg_advisory_xact_lock(hashtext(${`notification_template:${t.key}:${t.channel}:${t.locale}`}))`.as('locked'),
    )
    .execute();

export interface CreateTemplateInput {
  key: TemplateKey;
  channel: TemplateChannel;
  locale: string;
  subject?: string | null;
  body: string;
}

/**
 * Creates a draft: the next version of its key, channel and locale (1 for the first). Its text is
 * checked now and again at publish (placeholders of its key only, links to the allowed hosts only).
 */
export async function createNotificationTemplate(
  deps: ServiceDeps,
  act: UserAct,
  input: CreateTemplateInput,
): Promise<NotificationTemplateView> {
  assertScopeAll(act.caller.scope, PLATFORM_WIDE);
  const problems = subjectProblems(input.channel, input.subject);
  if (problems.length) throw new ValidationError(problems);
  assertTemplateText(input, mailLinkHosts(deps.config));
  return deps.uow.run(act, async (tx) => {
    await lockFamily(tx, input);
    const latest = await db(tx)
      .selectFrom('notification_templates')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('key', '=', input.key)
      .where('channel', '=', input.channel)
      .where('locale', '=', input.locale)
      .executeTakeFirst();
    const version = (latest?.version ?? 0) + 1;
    const id = uuidv7();
    tx.create(NotificationTemplate, {
      id,
      key: input.key,
      channel: input.channel,
      locale: input.locale,
      subject: input.subject ?? null,
      body: input.body,
      status: 'draft',
      version,
    });
    await tx.flush();
    return {
      result: await loadTemplateView(tx, id),
      audit: {
        action: 'notification_template.create',
        subjectType: 'notification_template',
        subjectId: id,
        summary: { key: input.key, channel: input.channel, locale: input.locale, version },
      },
    };
  });
}

/** A template's actions: on any template (the caller has scope all), answered with the template. */
const TEMPLATE_ACTIONS = defineActions({
  entity: NotificationTemplate,
  subject: 'notification_template',
  what: 'notification template',
  workflow: NOTIFICATION_TEMPLATE_WORKFLOW,
  within: (_: At<ServiceDeps, UserAct>) => ({}),
  answer: (em, template) => loadTemplateView(em, template.id),
});

/** Changes the subject or body of a draft (the text as changed is checked); any other status answers 422 INVALID_TRANSITION. */
export async function updateNotificationTemplate(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; subject?: string | null; body?: string },
): Promise<NotificationTemplateView> {
  assertScopeAll(act.caller.scope, PLATFORM_WIDE);
  return runStep({ deps, act }, TEMPLATE_ACTIONS, { id: input.id, action: 'update' }, async (template, tx) => {
    if (input.subject !== undefined) {
      const problems = subjectProblems(template.channel, input.subject);
      if (problems.length) throw new ValidationError(problems);
      template.subject = input.subject;
    }
    if (input.body !== undefined) template.body = input.body;
    assertTemplateText(template, mailLinkHosts(deps.config));
    await tx.flush();
    return {
      result: await loadTemplateView(tx, template.id),
      audit: {
        action: NOTIFICATION_TEMPLATE_WORKFLOW.steps.update.audit,
        subjectType: 'notification_template',
        subjectId: template.id,
        summary: { changed: ['subject', 'body'].filter((k) => input[k as 'subject' | 'body'] !== undefined) },
      },
    };
  });
}

type Published = { published: boolean; template: NotificationTemplateView };
type Template = InferEntity<typeof NotificationTemplate>;
type TemplateAction = keyof typeof NOTIFICATION_TEMPLATE_WORKFLOW.steps;

/**
 * Publishes a draft (201, `published: true`): it becomes the one published version of its key,
 * channel and locale, and the version published before it is archived (superseded). A published
 * template answers 200 unchanged; an archived one 422 INVALID_TRANSITION. A text its key may not have: 400.
 */
export async function publishNotificationTemplate(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string },
): Promise<Published> {
  assertScopeAll(act.caller.scope, PLATFORM_WIDE);
  return runStep<Template, TemplateStatus, TemplateAction, ServiceDeps, UserAct, Published>(
    { deps, act },
    TEMPLATE_ACTIONS,
    {
      id: input.id,
      action: 'publish',
      // Key, channel and locale never change, so they can be read before the family's lock is taken.
      before: async (tx) => {
        const family = await db(tx)
          .selectFrom('notification_templates')
          .select(['key', 'channel', 'locale'])
          .where('id', '=', input.id)
          .executeTakeFirst();
        if (family) await lockFamily(tx, family);
      },
      done: (state) => state === 'published',
      unchanged: async (template, tx) => ({ published: false, template: await loadTemplateView(tx, template.id) }),
    },
    async (template, tx, { from, to }) => {
      // Checked again: a draft may predate the rules, or the allowed hosts may have changed since.
      assertTemplateText(template, mailLinkHosts(deps.config));
      assertTemplateCarriesLink(template);
      const previous = await tx.findOne(
        NotificationTemplate,
        { key: template.key, channel: template.channel, locale: template.locale, status: 'published' },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (previous) {
        previous.status = transition(NOTIFICATION_TEMPLATE_WORKFLOW, 'supersede', previous.status);
        previous.archivedAt = raw<Date>('now()');
        // The partial unique index allows one published version: archive the old one first.
        await tx.flush();
      }
      Object.assign(template, { status: to, publishedAt: raw<Date>('now()') });
      await tx.flush();
      const audit: AuditInput[] = [
        {
          action: NOTIFICATION_TEMPLATE_WORKFLOW.steps.publish.audit,
          subjectType: 'notification_template',
          subjectId: template.id,
          summary: { from, to, version: template.version, supersededId: previous?.id ?? null },
        },
      ];
      if (previous)
        audit.push({
          action: NOTIFICATION_TEMPLATE_WORKFLOW.steps.supersede.audit,
          subjectType: 'notification_template',
          subjectId: previous.id,
          summary: { from: 'published', to: 'archived', version: previous.version, supersededId: template.id },
        });
      return { result: { published: true, template: await loadTemplateView(tx, template.id) }, audit };
    },
  );
}

/** Archives a draft or published template (200); archived is final, so archiving again answers 422. */
export async function archiveNotificationTemplate(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string },
): Promise<NotificationTemplateView> {
  assertScopeAll(act.caller.scope, PLATFORM_WIDE);
  return runAction({ deps, act }, TEMPLATE_ACTIONS, {
    id: input.id,
    action: 'archive',
    apply: (template) => {
      template.archivedAt = raw<Date>('now()');
      return { summary: { version: template.version } };
    },
  });
}

/**
 * The published template of `key` for a user's locale: the exact locale (e.g. `fr-CA`), else its
 * language (`fr`), else none (the caller uses its built-in text).
 */
export async function publishedTemplate(
  em: EntityManager,
  key: TemplateKey,
  channel: TemplateChannel,
  locale: string,
): Promise<{ id: string; subject: string | null; body: string } | undefined> {
  const language = locale.split('-')[0];
  return db(em)
    .selectFrom('notification_templates')
    .select(['id', 'subject', 'body'])
    .where('key', '=', key)
    .where('channel', '=', channel)
    .where('status', '=', 'published')
    .where('locale', 'in', [locale, language])
    .orderBy(sql`locale = ${locale}`, 'desc')
    .limit(1)
    .executeTakeFirst();
}
