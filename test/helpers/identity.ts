import { randomBytes, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../shared/db/orm.js';
import { uuidv7 } from '../../shared/ids.js';

export interface TestUser { id: string; email: string; token: string; familyId: string }

/**
 * A user holding exactly `permissions` (through a role of their own), with a live session and an
 * access token signed by the app, verified on each request like any other.
 */
export async function userWith(app: FastifyInstance, orm: Orm, permissions: string[], extra: { insurerId?: string; status?: string } = {}): Promise<TestUser> {
  const em = orm.em.fork();
  const id = uuidv7();
  const email = `user-${id}@example.test`;
  await em.execute(`insert into users (id, email, name, status, insurer_id) values (?, ?, ?, ?, ?)`, [id, email, `Test ${id.slice(-6)}`, extra.status ?? 'active', extra.insurerId ?? null]);
  if (permissions.length) {
    const roleId = uuidv7();
    await em.execute(`insert into roles (id, name) values (?, ?)`, [roleId, `role-${roleId}`]);
    await em.execute(`insert into role_permissions (role_id, permission) select ?, jsonb_array_elements_text(?::jsonb)`, [roleId, JSON.stringify(permissions)]);
    await em.execute(`insert into user_roles (user_id, role_id) values (?, ?)`, [id, roleId]);
  }
  const familyId = uuidv7();
  await em.execute(
    `insert into auth_sessions (family_id, user_id, refresh_hash, expires_at, absolute_expires_at) values (?, ?, ?, now() + interval '1 day', now() + interval '90 days')`,
    [familyId, id, createHash('sha256').update(randomBytes(32)).digest('hex')],
  );
  const token = app.jwt.sign({ sub: id, sid: familyId, jti: uuidv7() });
  return { id, email, token, familyId };
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

export const PASSWORD = 'correct-horse-battery-staple';

/** A user with a real argon2 password hash, holding the given system or custom roles (by id). */
export async function userWithPassword(orm: Orm, opts: { email?: string; password?: string; roleIds?: string[]; permissions?: string[]; status?: string; insurerId?: string } = {}) {
  const { hashPassword } = await import('../../shared/domain/identity/passwords.js');
  const em = orm.em.fork();
  const id = uuidv7();
  const email = opts.email ?? `person-${id}@example.test`;
  const password = opts.password ?? PASSWORD;
  await em.execute(
    `insert into users (id, email, name, status, insurer_id, password_hash, password_changed_at) values (?, ?, ?, ?, ?, ?, now())`,
    [id, email, `Person ${id.slice(-6)}`, opts.status ?? 'active', opts.insurerId ?? null, await hashPassword(password)],
  );
  for (const roleId of opts.roleIds ?? []) await em.execute(`insert into user_roles (user_id, role_id) values (?, ?)`, [id, roleId]);
  if (opts.permissions?.length) {
    const roleId = uuidv7();
    await em.execute(`insert into roles (id, name) values (?, ?)`, [roleId, `role-${roleId}`]);
    await em.execute(`insert into role_permissions (role_id, permission) select ?, jsonb_array_elements_text(?::jsonb)`, [roleId, JSON.stringify(opts.permissions)]);
    await em.execute(`insert into user_roles (user_id, role_id) values (?, ?)`, [id, roleId]);
  }
  return { id, email, password };
}

/** Signs in through POST /auth/login and returns the token pair (fails the caller's test on anything but 200). */
export async function login(app: FastifyInstance, email: string, password: string = PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { accessToken: string; refreshToken: string; familyId: string; user: { id: string } };
  return { ...data, token: data.accessToken };
}
