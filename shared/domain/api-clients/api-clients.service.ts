import type { EntityManager } from '@mikro-orm/postgresql';
import type { Source } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import { assertHoldsAll } from '../../kernel/caller.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { listPage, type Page } from '../../kernel/list.js';
import { lockVisible } from '../../kernel/lock-visible.js';
import { readSide } from '../../kernel/reads.js';
import { assertFilterInScope, inScope, scopeFilter } from '../../kernel/scope.js';
import { callerChanged, permissionsHeldBy, RoleEntity, roleWithPermissions, UserRoleEntity } from '../access/index.js';
import { openClientSession, randomToken, revokeSessions, tokenHash } from '../identity/index.js';
import { UserEntity } from '../users/index.js';
import { ApiClient } from './api-client.entity.js';
import type {
  ApiClientFilters,
  ApiClientView,
  ApiClientWithSecretView,
  CreateApiClientInput,
} from './api-client.schemas.js';
import {
  API_CLIENT_LIST,
  CLIENT_SCOPE_COLUMNS,
  CLIENT_SCOPE_FIELDS,
  clientViews,
  toApiClientView,
} from './api-client.view.js';

/** A new client secret: 256 random bits, recognisable by its prefix in a leaked-credential scan. */
const newSecret = () => `cs_${randomToken()}`;

async function loadView(em: Source, id: string): Promise<ApiClientView> {
  const row = await clientViews(em).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('No such API client');
  return toApiClientView(row);
}

const withSecret = (view: ApiClientView, clientSecret: string): ApiClientWithSecretView => ({
  ...view,
  clientId: view.id,
  clientSecret,
});

/**
 * Creates a machine client with its roles. The caller must hold every permission of those roles
 * (nobody makes a client that can do more than they can), and the client's data scope is within the
 * caller's: scope insurer creates clients of its own insurer only, scope agent none.
 */
export async function createApiClient(
  deps: ServiceDeps,
  act: UserAct,
  input: CreateApiClientInput,
): Promise<ApiClientWithSecretView> {
  const { scope } = act.caller;
  let insurerId = input.insurerId ?? null;
  if (scope.kind === 'agent') throw new ForbiddenError('Your data scope does not allow creating API clients');
  if (scope.kind === 'insurer') {
    if (insurerId && insurerId !== scope.insurerId)
      throw new ForbiddenError('The insurerId is outside your data scope');
    insurerId = scope.insurerId;
  }
  const secret = newSecret();
  return deps.uow.run(act, async (tx) => {
    const roles = [];
    for (const [i, roleId] of input.roleIds.entries()) {
      const role = await roleWithPermissions(tx, roleId);
      if (!role)
        throw new ValidationError([
          { field: `roleIds.${i}`, message: 'is not an existing role', constraint: 'exists' },
        ]);
      roles.push(role);
    }
    assertHoldsAll(
      act.caller,
      roles.flatMap((r) => r.permissions),
      'You cannot give a client a role with permissions you do not hold',
    );
    const id = uuidv7();
    const user = tx.create(UserEntity, {
      id,
      kind: 'client',
      email: null,
      name: input.name,
      insurerId,
      status: 'active',
    });
    for (const role of roles) tx.create(UserRoleEntity, { user, role: tx.getReference(RoleEntity, role.id) });
    await tx.flush();
    tx.create(ApiClient, {
      id,
      name: input.name,
      insurerId,
      secretHash: tokenHash(secret),
      createdBy: act.caller.userId,
    });
    openClientSession(tx, id);
    await tx.flush();
    return {
      result: withSecret(await loadView(tx, id), secret),
      audit: {
        action: 'api_client.create',
        subjectType: 'api_client',
        subjectId: id,
        summary: { name: input.name, insurerId, roleIds: roles.map((r) => r.id) },
      },
    };
  });
}

export async function listApiClients(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: ApiClientFilters & { q?: string }; page: Keyset<(typeof API_CLIENT_LIST.sortable)[number]> },
): Promise<Page<Parameters<typeof toApiClientView>[0]>> {
  assertFilterInScope(act.caller.scope, { insurerId: input.filters.insurerId });
  return listPage(API_CLIENT_LIST, readSide(deps, act), act.caller.scope, input);
}

/** One client of the caller's scope; 404 for any other. */
export async function getApiClient(deps: ServiceDeps, act: UserAct, { id }: { id: string }): Promise<ApiClientView> {
  const row = await clientViews(readSide(deps, act))
    .where('c.id', '=', id)
    .where((eb) => inScope(eb, act.caller.scope, CLIENT_SCOPE_COLUMNS))
    .executeTakeFirst();
  if (!row) throw new NotFoundError('No such API client');
  return toApiClientView(row);
}

/**
 * The client in the caller's scope, its row locked for a change, or 404. Whoever changes a client
 * holds every permission it holds (403 naming the missing ones), as whoever creates one does: a new
 * secret goes to the caller, who could then act as the client.
 */
async function lockClient(tx: EntityManager, act: UserAct, id: string, doing: string) {
  const client = await lockVisible(tx, ApiClient, id, scopeFilter(act.caller.scope, CLIENT_SCOPE_FIELDS), 'API client');
  assertHoldsAll(
    act.caller,
    await permissionsHeldBy(tx, id),
    `You cannot ${doing} a client that holds permissions you do not hold`,
  );
  return client;
}

/**
 * A new secret, shown once. The previous one keeps working for `CLIENT_SECRET_OVERLAP_S` (so the
 * client's systems can be changed over without a gap); a secret older than that ends now.
 */
export async function rotateApiClientSecret(
  deps: ServiceDeps,
  act: UserAct,
  { id }: { id: string },
): Promise<ApiClientWithSecretView> {
  const secret = newSecret();
  return deps.uow.run(act, async (tx) => {
    const client = await lockClient(tx, act, id, 'rotate the secret of');
    // A revoked client is gone for good: it gets no new secret.
    if (client.revokedAt) throw new NotFoundError('No such API client');
    const now = deps.clock.now();
    client.previousSecretHash = client.secretHash;
    client.previousSecretExpiresAt = new Date(now.getTime() + deps.config.CLIENT_SECRET_OVERLAP_S * 1000);
    client.secretHash = tokenHash(secret);
    client.secretRotatedAt = now;
    await tx.flush();
    return {
      result: withSecret(await loadView(tx, id), secret),
      audit: {
        action: 'api_client.rotate_secret',
        subjectType: 'api_client',
        subjectId: id,
        summary: { previousSecretExpiresAt: client.previousSecretExpiresAt.toISOString() },
      },
    };
  });
}

/** Revokes a client at once: its secrets stop working and every token it holds is refused from the next request. */
export async function revokeApiClient(deps: ServiceDeps, act: UserAct, { id }: { id: string }): Promise<void> {
  await deps.uow.run(act, async (tx) => {
    const client = await lockClient(tx, act, id, 'revoke');
    if (client.revokedAt) return { result: undefined, audit: [] };
    client.revokedAt = new Date();
    client.revokedBy = act.caller.userId;
    client.previousSecretHash = null;
    client.previousSecretExpiresAt = null;
    const user = await tx.findOneOrFail(UserEntity, id);
    user.status = 'archived';
    user.statusReason = 'API client revoked';
    await revokeSessions(tx, id, 'api_client_revoked');
    callerChanged(tx, id);
    await tx.flush();
    return {
      result: undefined,
      audit: { action: 'api_client.revoke', subjectType: 'api_client', subjectId: id, summary: { name: client.name } },
    };
  });
}
