import { Migration } from '@mikro-orm/migrations';

/** GET /webhooks/registry/events reads events newest received first, a page at a time. */
export class Migration20261126000200_registry_events_by_time extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index registry_events_received_idx on registry_events (received_at, event_id)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists registry_events_received_idx`);
  }
}
