import type { Config } from '../config/index.js';
import { PERMISSION_NAMES } from '../domain/access/permissions.js';
import { ADMIN_ROLE_ID, SYSTEM_ROLES } from '../domain/access/system-roles.js';
import { hashPassword } from '../domain/identity/passwords.js';
import { uuidv7 } from '../ids.js';
import type { Orm } from './orm.js';
import { AUDIT_COMMIT_LOCK } from './unit-of-work.js';

const SEED_LOCK = 7_262_002;

/**
 * Seeds what every install has: the system roles with their default permissions, and the bootstrap
 * admin when BOOTSTRAP_ADMIN_* is set and there are no users yet. Runs at every start; idempotent,
 * and serialised so processes starting together do not race. Admin always holds the whole catalogue;
 * other system roles keep the edits made to them.
 */
export async function seedReferenceData(orm: Orm, config?: Pick<Config, 'BOOTSTRAP_ADMIN_EMAIL' | 'BOOTSTRAP_ADMIN_PASSWORD'>): Promise<{ bootstrapAdminCreated: boolean }> {
  const adminHash = config?.BOOTSTRAP_ADMIN_EMAIL && config.BOOTSTRAP_ADMIN_PASSWORD ? await hashPassword(config.BOOTSTRAP_ADMIN_PASSWORD) : null;
  return orm.em.fork().transactional(async (em) => {
    await em.execute(`select pg_advisory_xact_lock(${SEED_LOCK})`);
    for (const role of SYSTEM_ROLES) {
      const created = await em.execute<{ id: string }[]>(
        `insert into roles (id, name, description, system) values (?, ?, ?, true) on conflict (id) do nothing returning id`,
        [role.id, role.name, role.description],
      );
      if (created.length || role.id === ADMIN_ROLE_ID) {
        const permissions = role.id === ADMIN_ROLE_ID ? PERMISSION_NAMES : role.permissions;
        await em.execute(
          `insert into role_permissions (role_id, permission) select ?, jsonb_array_elements_text(?::jsonb) on conflict do nothing`,
          [role.id, JSON.stringify(permissions)],
        );
      }
    }
    if (!adminHash || !config?.BOOTSTRAP_ADMIN_EMAIL) return { bootstrapAdminCreated: false };
    const [{ n }] = await em.execute<{ n: number }[]>(`select count(*)::int as n from users`);
    if (n > 0) return { bootstrapAdminCreated: false };
    const id = uuidv7();
    await em.execute(
      `insert into users (id, email, name, status, password_hash, password_changed_at) values (?, ?, 'Administrator', 'active', ?, now())`,
      [id, config.BOOTSTRAP_ADMIN_EMAIL, adminHash],
    );
    await em.execute(`insert into user_roles (user_id, role_id) values (?, ?)`, [id, ADMIN_ROLE_ID]);
    await em.execute(`select pg_advisory_xact_lock(${AUDIT_COMMIT_LOCK})`);
    await em.execute(
      `insert into audit_entries (id, commit_seq, actor, action, subject_type, subject_id, summary, occurred_at)
       values (?, nextval('audit_commit_seq'), 'system', 'user.bootstrap_admin', 'user', ?, '{}'::jsonb, ?)`,
      [uuidv7(), id, new Date().toISOString()],
    );
    return { bootstrapAdminCreated: true };
  });
}
