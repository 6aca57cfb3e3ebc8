import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in failures counted per normalised email, whether or not a user has it (the lockout), and
 * password-reset requests kept by email until the worker looks the user up (so the request does the
 * same work for every email).
 */
export class Migration20261122000850_sign_in_protection extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table sign_in_failures (
        email text primary key,
        failures integer not null default 0,
        locked_until timestamptz(3),
        updated_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create index sign_in_failures_updated_idx on sign_in_failures (updated_at)`);
    this.addSql(`
      create table password_reset_requests (
        id uuid primary key,
        email text not null,
        reset_id uuid references password_reset_tokens (id) on delete set null,
        handled_at timestamptz(3),
        created_at timestamptz(3) not null default now()
      )`);
  }
}
