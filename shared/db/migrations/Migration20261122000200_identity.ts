import { Migration } from '@mikro-orm/migrations';

/** Identity and access: credentials, MFA, sessions (refresh-token families), roles and their permissions. */
export class Migration20261122000200_identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users
        add column password_hash text,
        add column password_changed_at timestamptz(3),
        add column failed_login_count integer not null default 0,
        add column locked_until timestamptz(3),
        add column last_login_at timestamptz(3),
        add column mfa_enabled boolean not null default false,
        add column mfa_secret text,
        add column mfa_last_step bigint,
        add column status_reason text`);

    this.addSql(`
      create table roles (
        id uuid primary key,
        name text not null,
        description text,
        system boolean not null default false,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create unique index roles_name_lower_uq on roles (lower(name))`);
    this.addSql(
      `create table role_permissions (role_id uuid not null references roles (id) on delete cascade, permission text not null, primary key (role_id, permission))`,
    );
    this.addSql(`
      create table user_roles (
        user_id uuid not null references users (id) on delete cascade,
        role_id uuid not null references roles (id) on delete restrict,
        assigned_at timestamptz(3) not null default now(),
        primary key (user_id, role_id)
      )`);
    this.addSql(`create index user_roles_role_idx on user_roles (role_id)`);

    // A family is one login on one device. The current refresh token is stored only as a hash;
    // the previous ones are kept (hashed) to detect reuse.
    this.addSql(`
      create table auth_sessions (
        family_id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        refresh_hash text not null unique,
        created_at timestamptz(3) not null default now(),
        last_used_at timestamptz(3) not null default now(),
        expires_at timestamptz(3) not null,
        absolute_expires_at timestamptz(3) not null,
        revoked_at timestamptz(3),
        revoked_reason text,
        user_agent text,
        ip text
      )`);
    this.addSql(`create index auth_sessions_user_idx on auth_sessions (user_id) where revoked_at is null`);
    this.addSql(
      `create table auth_rotated_tokens (token_hash text primary key, family_id uuid not null references auth_sessions (family_id) on delete cascade, rotated_at timestamptz(3) not null default now())`,
    );

    this.addSql(
      `create table mfa_recovery_codes (user_id uuid not null references users (id) on delete cascade, code_hash text not null, used_at timestamptz(3), primary key (user_id, code_hash))`,
    );
    this.addSql(
      `create table mfa_challenges (token_hash text primary key, user_id uuid not null references users (id) on delete cascade, expires_at timestamptz(3) not null, used_at timestamptz(3), failed_attempts integer not null default 0)`,
    );
    // A reset request is recorded by the API; the mail worker makes the token, stores only its hash and sends it.
    this.addSql(`
      create table password_reset_tokens (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        purpose text not null default 'reset' check (purpose in ('reset', 'set_password')),
        token_hash text unique,
        expires_at timestamptz(3),
        sent_at timestamptz(3),
        used_at timestamptz(3),
        created_at timestamptz(3) not null default now()
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists password_reset_tokens, mfa_challenges, mfa_recovery_codes, auth_rotated_tokens, auth_sessions, user_roles, role_permissions, roles`,
    );
    this.addSql(`alter table users drop column password_hash, drop column password_changed_at, drop column failed_login_count, drop column locked_until,
      drop column last_login_at, drop column mfa_enabled, drop column mfa_secret, drop column mfa_last_step, drop column status_reason`);
  }
}
