import { Migration } from '@mikro-orm/migrations';

/**
 * Failed sign-ins counted per device token (beside the per-email counts of sign_in_failures): a user
 * signing in from a device they have signed in on before is not locked out by a stranger's failures.
 * Keyed by the token's device id; the token itself (signed, not stored) is the credential.
 */
export class Migration20261125000100_device_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table sign_in_device_failures (
        device_id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        failures integer not null default 0,
        locked_until timestamptz(3),
        updated_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create index sign_in_device_failures_user_idx on sign_in_device_failures (user_id)`);
    this.addSql(`create index sign_in_device_failures_updated_idx on sign_in_device_failures (updated_at)`);
  }
}
