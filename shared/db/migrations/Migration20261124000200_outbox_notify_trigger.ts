import { Migration } from '@mikro-orm/migrations';

/**
 * The relay's wake-up call, sent by PostgreSQL itself once per statement that queues jobs (delivered at
 * COMMIT): a unit of work no longer spends a round trip of its own on `pg_notify`.
 */
export class Migration20261124000200_outbox_notify_trigger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function outbox_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('outbox', '');
        return null;
      end $$`);
    this.addSql(`
      create trigger outbox_notify after insert on outbox
      for each statement execute function outbox_notify()`);
  }
}
