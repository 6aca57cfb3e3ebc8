import { createHash, randomBytes } from 'node:crypto';
import { PERMISSION_NAMES } from '../../shared/catalogues.js';
import { Role, RolePermission } from '../../shared/domain/access/role.entity.js';
import { SYSTEM_ROLES, type SystemRole } from '../../shared/domain/access/system-roles.js';
import { UserRole } from '../../shared/domain/access/user-role.entity.js';
import { hashPassword } from '../../shared/domain/identity/passwords.js';
import { AuthSession } from '../../shared/domain/identity/session.entity.js';
import { Policy, type PolicyStatus } from '../../shared/domain/policies/policy.entity.js';
import { User, type UserStatus } from '../../shared/domain/users/user.entity.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import type { Stack } from './stack.js';

/**
 * Records a test starts from, written through the domain's MikroORM entities (one small function per
 * record; add new records' factories next to these), plus signing in through the API.
 */

/** What a factory needs: the app (signs tokens, serves sign-in) and the ORM (writes records). */
export type On = Pick<Stack, 'app' | 'orm'>;

/** The password every given account signs in with unless told otherwise. */
export const PASSWORD = 'correct-horse-battery-staple';

export interface AccountOptions {
  /** Held through a role of the user's own. */
  permissions?: string[];
  /** System role names ('admin', 'agent', ...) or role ids. */
  roles?: string[];
  insurerId?: string | null;
  status?: UserStatus;
  /** The password to sign in with (PASSWORD by default); null: the account has none. */
  password?: string | null;
  email?: string;
  name?: string;
}
interface Person {
  id: string;
  email: string;
  name: string;
}
/** A user record; `password` is what it signs in with. */
export type Account = Person & { password: string };
type Password<O> = O extends { password: null } ? { password: null } : { password: string };

/** A live session family with an access token signed by the app and a refresh token that works. */
export interface Session {
  familyId: string;
  token: string;
  refreshToken: string;
}
/** An account with a session of its own: what a request `.as(user)` needs. */
export type SignedIn = Account & Session;

/** The token pair of a sign-in through POST /auth/login (`token` is the access token) and its device token. */
export interface SignInPair {
  accessToken: string;
  refreshToken: string;
  familyId: string;
  token: string;
  expiresIn: number;
  tokenType: string;
  deviceToken: string;
  user: { id: string; email: string; status: string; mfaEnabled: boolean };
}

const short = () => uuidv7().replace(/-/g, '').slice(-12);
const hashes = new Map<string, Promise<string>>();
/** One argon2 hash per distinct password per test process (hashing costs ~60 ms). */
const hashOf = (password: string) =>
  hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!;

/** A seeded system role by name, with the permissions it is seeded with (the admin's: the whole catalogue). */
export function systemRole(name: string): SystemRole {
  const role = SYSTEM_ROLES.find((r) => r.name === name);
  if (!role) throw new Error(`no system role ${name}`);
  return role.everyPermission ? { ...role, permissions: PERMISSION_NAMES } : role;
}
const roleIdOf = (nameOrId: string) => SYSTEM_ROLES.find((r) => r.name === nameOrId)?.id ?? nameOrId;

/** A custom role holding `permissions`. */
async function role(
  on: Pick<On, 'orm'>,
  permissions: string[] = [],
  opts: { name?: string; description?: string } = {},
) {
  const em = on.orm.em.fork();
  const created = em.create(Role, {
    id: uuidv7(),
    name: opts.name ?? `role-${short()}`,
    description: opts.description ?? null,
  });
  for (const permission of permissions) em.create(RolePermission, { role: created, permission });
  await em.flush();
  return { id: created.id, name: created.name, permissions: [...permissions].sort() };
}

/** A user record (not signed in): active, no insurer, PASSWORD unless told otherwise. */
async function account<O extends AccountOptions>(
  on: Pick<On, 'orm'>,
  opts: O = {} as O,
): Promise<Person & Password<O>> {
  const id = uuidv7();
  const password = opts.password === undefined ? PASSWORD : opts.password;
  const own = opts.permissions?.length ? await role(on, opts.permissions) : null;
  const em = on.orm.em.fork();
  const user = em.create(User, {
    id,
    email: opts.email ?? `user-${short()}@example.test`,
    name: opts.name ?? `Person ${id.slice(-6)}`,
    status: opts.status ?? 'active',
    insurerId: opts.insurerId ?? null,
    passwordHash: password === null ? null : await hashOf(password),
    passwordChangedAt: password === null ? null : new Date(),
  });
  for (const roleId of [...(opts.roles ?? []).map(roleIdOf), ...(own ? [own.id] : [])])
    em.create(UserRole, { user, role: em.getReference(Role, roleId) });
  await em.flush();
  return { id, email: user.email, name: user.name, password } as Person & Password<O>;
}

/** A live session family of `user`, as a sign-in makes it, with a token signed by the app. */
async function session(on: On, user: { id: string }): Promise<Session> {
  const em = on.orm.em.fork();
  const familyId = uuidv7();
  const refreshToken = randomBytes(32).toString('base64url');
  em.create(AuthSession, {
    familyId,
    user: em.getReference(User, user.id),
    refreshHash: createHash('sha256').update(refreshToken).digest('hex'),
    expiresAt: new Date(Date.now() + 86_400_000),
    absoluteExpiresAt: new Date(Date.now() + 90 * 86_400_000),
  });
  await em.flush();
  return { familyId, refreshToken, token: on.app.deps.accessTokens.issue(user.id, familyId) };
}

/** A signed-in user: an account (see AccountOptions) with a session of its own. */
async function user<O extends AccountOptions>(on: On, opts: O = {} as O): Promise<Person & Session & Password<O>> {
  const created = await account(on, opts);
  return { ...created, ...(await session(on, created)) };
}

/** A signed-in user holding the admin system role (every permission, data scope all). */
const admin = (on: On) => user(on, { roles: ['admin'] });

/** Signs `who` in through POST /auth/login (their own password unless given); throws on anything but 200. */
async function login(
  on: Pick<On, 'app'>,
  who: { email: string; password?: string | null },
  opts: { password?: string; deviceToken?: string; headers?: Record<string, string> } = {},
): Promise<SignInPair> {
  const password = opts.password ?? who.password ?? PASSWORD;
  const res = await on.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: who.email, password, ...(opts.deviceToken ? { deviceToken: opts.deviceToken } : {}) },
    headers: opts.headers ?? {},
  });
  if (res.statusCode !== 200 || !res.json().data.accessToken)
    throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data;
  return { ...data, token: data.accessToken };
}

/** An account signed in through the API on `devices` devices (user agents device-0, device-1, ...), one family each. */
async function devices<O extends AccountOptions>(on: On, count: number, opts: O = {} as O) {
  const created = await account(on, opts);
  const pairs: SignInPair[] = [];
  for (let i = 0; i < count; i++) pairs.push(await login(on, created, { headers: { 'user-agent': `device-${i}` } }));
  return { ...created, pairs };
}

export interface PolicyOptions {
  agentId: string;
  insurerId?: string;
  status?: PolicyStatus;
  effectiveFrom?: string;
  effectiveTo?: string;
  currency?: string;
  sumInsuredMinor?: number;
  premiumMinor?: number;
  holderName?: string;
  /** Default TEST-<random>. */
  policyNumber?: string;
  /** For cancelled policies: when (default now). */
  cancelledAt?: Date;
  lapsedAt?: Date;
}

/** A policy record (written through the entity, numbered TEST-...): active for a year from today unless told otherwise. */
async function policy(on: Pick<On, 'orm'>, opts: PolicyOptions) {
  const em = on.orm.em.fork();
  const today = new Date().toISOString().slice(0, 10);
  const nextYear = new Date(Date.now() + 364 * 86_400_000).toISOString().slice(0, 10);
  const status = opts.status ?? 'active';
  const created = em.create(Policy, {
    id: uuidv7(),
    policyNumber: opts.policyNumber ?? `TEST-${short()}`,
    status,
    agentId: opts.agentId,
    insurerId: opts.insurerId ?? 'insurer-a',
    productCode: 'MOTOR-COMP',
    holderName: opts.holderName ?? `Holder ${short()}`,
    currency: opts.currency ?? 'KES',
    sumInsuredMinor: opts.sumInsuredMinor ?? 100_000_000,
    premiumMinor: opts.premiumMinor ?? 5_000_000,
    effectiveFrom: opts.effectiveFrom ?? today,
    effectiveTo: opts.effectiveTo ?? nextYear,
    cancelledAt: status === 'cancelled' ? (opts.cancelledAt ?? new Date()) : null,
    cancellationReason: status === 'cancelled' ? 'test' : null,
    lapsedAt: status === 'lapsed' ? (opts.lapsedAt ?? new Date()) : null,
  });
  await em.flush();
  return { id: created.id, policyNumber: created.policyNumber, agentId: created.agentId, insurerId: created.insurerId };
}

export const given = { account, user, admin, role, session, login, devices, policy };
