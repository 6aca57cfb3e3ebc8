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
