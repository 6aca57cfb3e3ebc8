import { Migration } from '@mikro-orm/migrations';

/**
 * Every timestamp is timestamptz(3): stored values equal what the API shows (milliseconds), so keyset
 * cursors built from responses never skip or repeat rows.
 *
 * Foundation: users (identity fields grow in later migrations), registry webhook events,
 * and the write-path tables: outbox, audit trail with its chain head, idempotency records.
 */
export class Migration20261122000100_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm`);

    this.addSql(`
      create table users (
        id uuid primary key,
        email text not null,
        name text not null,
        phone text,
        status text not null default 'pending'
          check (status in ('pending', 'active', 'suspended', 'locked', 'archived')),
        insurer_id text,
        locale text not null default 'en',
        kyc_status text not null default 'unverified'
          check (kyc_status in ('unverified', 'verified', 'rejected', 'revoked')),
        kyc_reference text,
        national_id text,
        version integer not null default 1,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create unique index users_email_lower_uq on users (lower(email))`);
    this.addSql(`create index users_created_at_id_idx on users (created_at, id)`);
    this.addSql(
      `create index users_search_trgm_idx on users using gin ((lower(email) || ' ' || lower(name)) gin_trgm_ops)`,
    );

    this.addSql(`
      create table registry_events (
        event_id text primary key,
        type text not null,
        occurred_at timestamptz(3) not null,
        payload jsonb not null,
        status text not null check (status in ('queued', 'processed', 'ignored', 'failed')),
        failure_reason text,
        attempts integer not null default 0,
        request_id text,
        received_at timestamptz(3) not null default now(),
        processed_at timestamptz(3)
      )`);

    // Outbox: jobs written in the same transaction as the change they follow; a relay moves them to BullMQ.
    this.addSql(`
      create table outbox (
        id uuid primary key,
        queue text not null,
        job_name text not null,
        payload jsonb not null,
        created_at timestamptz(3) not null default now(),
        dispatched_at timestamptz(3),
        dispatch_attempts integer not null default 0,
        last_error text
      )`);
    this.addSql(`create index outbox_pending_idx on outbox (created_at, id) where dispatched_at is null`);
    this.addSql(`create index outbox_dispatched_idx on outbox (dispatched_at) where dispatched_at is not null`);

    // Audit trail. commit_seq is taken under a transaction-scoped advisory lock held until COMMIT,
    // so its order is commit order; the chainer assigns seq/prev_hash/hash in that order.
    this.addSql(`create sequence audit_commit_seq`);
    this.addSql(`
      create table audit_entries (
        id uuid primary key,
        commit_seq bigint not null unique,
        seq bigint unique,
        prev_hash text,
        hash text,
        actor text not null,
        action text not null,
        subject_type text not null,
        subject_id text,
        request_id text,
        ip text,
        summary jsonb not null default '{}'::jsonb,
        occurred_at timestamptz(3) not null,
        chained_at timestamptz(3)
      )`);
    this.addSql(`create index audit_unchained_idx on audit_entries (commit_seq) where seq is null`);
    this.addSql(`create index audit_subject_idx on audit_entries (subject_type, subject_id, occurred_at, id)`);
    this.addSql(`create index audit_actor_idx on audit_entries (actor, occurred_at, id)`);
    this.addSql(`create index audit_action_idx on audit_entries (action, occurred_at, id)`);
    this.addSql(`create index audit_occurred_idx on audit_entries (occurred_at, id)`);
    this.addSql(`
      create table audit_chain_head (
        singleton boolean primary key default true check (singleton),
        last_seq bigint not null,
        last_hash text not null
      )`);
    this.addSql(`insert into audit_chain_head (singleton, last_seq, last_hash) values (true, 0, repeat('0', 64))`);

    // Idempotency: a claim row is written before the handler runs (state in_progress) and completed
    // with the response inside the change's own transaction.
    this.addSql(`
      create table idempotency_records (
        caller text not null,
        method text not null,
        path text not null,
        key text not null,
        request_hash text not null,
        state text not null check (state in ('in_progress', 'completed')),
        response_status integer,
        response_body jsonb,
        locked_until timestamptz(3),
        created_at timestamptz(3) not null default now(),
        primary key (caller, method, path, key)
      )`);
    this.addSql(`create index idempotency_created_idx on idempotency_records (created_at)`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists idempotency_records, audit_chain_head, audit_entries, outbox, registry_events, users`,
    );
    this.addSql(`drop sequence if exists audit_commit_seq`);
  }
}
