import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound webhooks: the endpoints integrators register, one delivery per event and endpoint (its
 * attempts beside it), and the dispatcher's place in the event feed.
 */
export class Migration20261127000700_webhook_endpoints extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table webhook_endpoints (
        id uuid primary key,
        url text not null,
        description text,
        events text[] not null,
        status text not null default 'enabled' check (status in ('enabled', 'disabled')),
        status_reason text,
        secret_sealed text not null,
        previous_secret_sealed text,
        previous_secret_expires_at timestamptz(3),
        insurer_id text,
        failing_since timestamptz(3),
        created_by uuid not null references users (id),
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        disabled_by text,
        disabled_at timestamptz(3),
        version integer not null default 1
      )`);
    this.addSql(`create index webhook_endpoints_owner_idx on webhook_endpoints (created_by)`);
    this.addSql(`create index webhook_endpoints_insurer_idx on webhook_endpoints (insurer_id)`);
    this.addSql(
      `create trigger webhook_endpoints_touch_updated_at before update on webhook_endpoints for each row execute function touch_updated_at()`,
    );
    this.addSql(`
      create table webhook_deliveries (
        id uuid primary key,
        endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
        event_id uuid not null references published_events (id),
        status text not null default 'pending' check (status in ('pending', 'delivered', 'failed', 'cancelled')),
        attempts integer not null default 0,
        last_response_code integer,
        last_duration_ms integer,
        last_error text,
        last_attempt_at timestamptz(3),
        next_retry_at timestamptz(3),
        delivered_at timestamptz(3),
        enqueued_at timestamptz(3),
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        unique (endpoint_id, event_id)
      )`);
    this.addSql(`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at, id)`);
    this.addSql(
      `create index webhook_deliveries_unqueued_idx on webhook_deliveries (created_at) where enqueued_at is null and status = 'pending'`,
    );
    this.addSql(
      `create trigger webhook_deliveries_touch_updated_at before update on webhook_deliveries for each row execute function touch_updated_at()`,
    );
    this.addSql(`
      create table webhook_delivery_attempts (
        id uuid primary key,
        delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
        attempt integer not null,
        response_code integer,
        duration_ms integer not null,
        error text,
        attempted_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create index webhook_delivery_attempts_idx on webhook_delivery_attempts (delivery_id, attempt)`);
    this.addSql(`
      create table webhook_dispatch_head (
        id boolean primary key default true check (id),
        last_tx_id xid8 not null default '0',
        last_seq bigint not null default 0
      )`);
    this.addSql(`insert into webhook_dispatch_head default values`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table webhook_dispatch_head`);
    this.addSql(`drop table webhook_delivery_attempts`);
    this.addSql(`drop table webhook_deliveries`);
    this.addSql(`drop table webhook_endpoints`);
  }
}
