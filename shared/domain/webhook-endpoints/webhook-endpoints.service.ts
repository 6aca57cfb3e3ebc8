import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions, runAction } from '../../kernel/action.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { NotFoundError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { listPage, type Page } from '../../kernel/list.js';
import { lockVisible } from '../../kernel/lock-visible.js';
import { readSide } from '../../kernel/reads.js';
import { inScope, scopeFilter } from '../../kernel/scope.js';
import {
  ENDPOINT_SCOPE_COLUMNS,
  ENDPOINT_SCOPE_FIELDS,
  endpointViews,
  loadEndpointView,
  toEndpointView,
  WEBHOOK_ENDPOINT_LIST,
} from './endpoint.view.js';
import { checkEndpointUrl } from './url-guard.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookEndpointView,
  WebhookEndpointWithSecretView,
} from './webhook-endpoint.schemas.js';
import { WEBHOOK_ENDPOINT_WORKFLOW } from './webhook-endpoint.workflow.js';

/** A Standard Webhooks secret: `whsec_` and 256 random bits in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export const allowsPrivateUrls = (deps: Pick<ServiceDeps, 'config'>) =>
  deps.config.WEBHOOK_ALLOW_PRIVATE_URLS === 'true';

/** The URL, checked against server-side request forgery as far as can be without DNS (again after DNS at each delivery). */
function checkedUrl(deps: ServiceDeps, url: string): string {
  return checkEndpointUrl(url, { allowPrivate: allowsPrivateUrls(deps) }).toString();
}

function checkedTypes(deps: ServiceDeps, events: string[]): string[] {
  const unknown = events.filter((type) => !Object.hasOwn(deps.publishedEvents, type));
  if (unknown.length)
    throw new ValidationError(
      unknown.map((type) => ({
        field: `events.${events.indexOf(type)}`,
        message: `${type} is not an event type (see GET /events)`,
        constraint: 'enum',
      })),
    );
  return events;
}

/**
 * Registers an endpoint for the caller's data scope: it hears of the records the caller (a user or a
 * machine client) can see, as their scope is at each delivery. Answers the signing secret, once.
 */
export async function createWebhookEndpoint(
  deps: ServiceDeps,
  act: UserAct,
  input: CreateWebhookEndpointInput,
): Promise<WebhookEndpointWithSecretView> {
  const url = checkedUrl(deps, input.url);
  const events = checkedTypes(deps, input.events);
  const secret = newSecret();
  return deps.uow.run(act, async (tx) => {
    const id = uuidv7();
    tx.create(WebhookEndpoint, {
      id,
      url,
      description: input.description ?? null,
      events,
      secretSealed: deps.webhookSecrets.seal(secret),
      // The insurer whose staff may see and change it, and the furthest it ever hears: an owner of
      // scope all keeps theirs out of any one insurer's hands, whatever insurer their account names.
      insurerId: act.caller.scope.kind === 'all' ? null : act.caller.insurerId,
      createdBy: act.caller.userId,
    });
    await tx.flush();
    return {
      result: { ...(await loadEndpointView(tx, id)), secret },
      audit: {
        action: 'webhook_endpoint.create',
        subjectType: 'webhook_endpoint',
        subjectId: id,
        summary: { host: new URL(url).host, events },
      },
    };
  });
}

export async function listWebhookEndpoints(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: { status?: 'enabled' | 'disabled'; q?: string }; page: Keyset<'createdAt' | 'url'> },
): Promise<Page<Parameters<typeof toEndpointView>[0]>> {
  return listPage(WEBHOOK_ENDPOINT_LIST, readSide(deps, act), act.caller.scope, input);
}

/** One endpoint of the caller's scope; 404 for any other. */
export async function getWebhookEndpoint(deps: ServiceDeps, act: UserAct, { id }: { id: string }) {
  const row = await endpointViews(readSide(deps, act))
    .where('w.id', '=', id)
    .where((eb) => inScope(eb, act.caller.scope, ENDPOINT_SCOPE_COLUMNS))
    .executeTakeFirst();
  if (!row) throw new NotFoundError('No such webhook endpoint');
  return toEndpointView(row);
}

/** The endpoint in the caller's scope, locked for a change, or 404. */
export const lockEndpoint = (tx: EntityManager, act: UserAct, id: string) =>
  lockVisible(tx, WebhookEndpoint, id, scopeFilter(act.caller.scope, ENDPOINT_SCOPE_FIELDS), 'webhook endpoint');

/** Changes the URL (checked again), the event types or the description. */
export async function updateWebhookEndpoint(
  deps: ServiceDeps,
  act: UserAct,
  { id, ...changes }: UpdateWebhookEndpointInput & { id: string },
): Promise<WebhookEndpointView> {
  const url = changes.url === undefined ? undefined : checkedUrl(deps, changes.url);
  const events = changes.events === undefined ? undefined : checkedTypes(deps, changes.events);
  return deps.uow.run(act, async (tx) => {
    const endpoint = await lockEndpoint(tx, act, id);
    if (url !== undefined) endpoint.url = url;
    if (events !== undefined) endpoint.events = events;
    if (changes.description !== undefined) endpoint.description = changes.description;
    endpoint.updatedAt = new Date();
    await tx.flush();
    return {
      result: await loadEndpointView(tx, id),
      audit: {
        action: 'webhook_endpoint.update',
        subjectType: 'webhook_endpoint',
        subjectId: id,
        summary: { fields: Object.keys(changes).sort(), host: new URL(endpoint.url).host },
      },
    };
  });
}

/**
 * A new secret, shown once. Until `previousSecretExpiresAt` (WEBHOOK_SECRET_OVERLAP_S) deliveries are
 * signed with both, so the receiver can switch over without refusing a delivery.
 */
export async function rotateWebhookEndpointSecret(
  deps: ServiceDeps,
  act: UserAct,
  { id }: { id: string },
): Promise<WebhookEndpointWithSecretView> {
  const secret = newSecret();
  return deps.uow.run(act, async (tx) => {
    const endpoint = await lockEndpoint(tx, act, id);
    endpoint.previousSecretSealed = endpoint.secretSealed;
    endpoint.previousSecretExpiresAt = new Date(
      deps.clock.now().getTime() + deps.config.WEBHOOK_SECRET_OVERLAP_S * 1000,
    );
    endpoint.secretSealed = deps.webhookSecrets.seal(secret);
    await tx.flush();
    return {
      result: { ...(await loadEndpointView(tx, id)), secret },
      audit: { action: 'webhook_endpoint.rotate_secret', subjectType: 'webhook_endpoint', subjectId: id },
    };
  });
}

/** Deletes an endpoint and its delivery log; nothing more is sent to it. */
export async function deleteWebhookEndpoint(deps: ServiceDeps, act: UserAct, { id }: { id: string }): Promise<void> {
  await deps.uow.run(act, async (tx) => {
    const endpoint = await lockEndpoint(tx, act, id);
    const host = new URL(endpoint.url).host;
    tx.remove(endpoint);
    await tx.flush();
    return {
      result: undefined,
      audit: { action: 'webhook_endpoint.delete', subjectType: 'webhook_endpoint', subjectId: id, summary: { host } },
    };
  });
}

/** The endpoint table's actions, on an endpoint of the caller's scope, answered with the endpoint. */
const ENDPOINT_ACTIONS = defineActions({
  entity: WebhookEndpoint,
  subject: 'webhook_endpoint',
  what: 'webhook endpoint',
  workflow: WEBHOOK_ENDPOINT_WORKFLOW,
  within: ({ act }: At<ServiceDeps, UserAct>) => scopeFilter(act.caller.scope, ENDPOINT_SCOPE_FIELDS),
  answer: (em, endpoint) => loadEndpointView(em, endpoint.id),
});

/** enabled → disabled: nothing more is sent until it is enabled again (pending deliveries are cancelled). */
export const disableWebhookEndpoint = (deps: ServiceDeps, act: UserAct, input: { id: string; reason?: string }) =>
  runAction({ deps, act }, ENDPOINT_ACTIONS, {
    id: input.id,
    action: 'disable',
    apply: async (endpoint, tx) => {
      // The endpoint is locked first, as every change of its deliveries locks it: never a deadlock.
      await db(tx)
        .updateTable('webhook_deliveries')
        .set({ status: 'cancelled', next_retry_at: null })
        .where('endpoint_id', '=', endpoint.id)
        .where('status', '=', 'pending')
        .execute();
      Object.assign(endpoint, {
        statusReason: input.reason ?? 'disabled by a user',
        disabledBy: act.actor,
        disabledAt: new Date(),
      });
      return { summary: { reason: input.reason ?? null } };
    },
  });

/** disabled → enabled: events from now on are delivered again; its failure clock starts afresh. */
export const enableWebhookEndpoint = (deps: ServiceDeps, act: UserAct, input: { id: string }) =>
  runAction({ deps, act }, ENDPOINT_ACTIONS, {
    id: input.id,
    action: 'enable',
    apply: (endpoint) => {
      Object.assign(endpoint, { statusReason: null, disabledBy: null, disabledAt: null, failingSince: null });
      return undefined;
    },
  });
