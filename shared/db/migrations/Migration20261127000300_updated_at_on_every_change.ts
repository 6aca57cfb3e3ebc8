import { Migration } from '@mikro-orm/migrations';

/** The tables whose lists take `updatedSince` by their `updated_at`. */
const TABLES = [
  'users',
  'roles',
  'policies',
  'endorsements',
  'claims',
  'catastrophe_events',
  'renewals',
  'quotations',
  'disputes',
  'notification_templates',
  'operational_policies',
  'id_patterns',
  'investment_products',
];

/**
 * `updated_at` moves on every change of a row, whatever writes it: the ORM sets it on the entities it
 * flushes, and this trigger on any UPDATE that does not set it itself (a typed query that unlocks a
 * user or counts a failed sign-in). A list's `updatedSince` relies on it: a change that left the time
 * behind would never reach a client that syncs by it.
 */
export class Migration20261127000300_updated_at_on_every_change extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function touch_updated_at() returns trigger language plpgsql as $$
      begin
        if new.updated_at is not distinct from old.updated_at then
          new.updated_at := now();
        end if;
        return new;
      end $$`);
    for (const table of TABLES)
      this.addSql(
        `create trigger ${table}_touch_updated_at before update on ${table} for each row execute function touch_updated_at()`,
      );
  }

  override async down(): Promise<void> {
    for (const table of TABLES) this.addSql(`drop trigger if exists ${table}_touch_updated_at on ${table}`);
    this.addSql(`drop function if exists touch_updated_at()`);
  }
}
