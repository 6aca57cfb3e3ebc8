import { Migration } from '@mikro-orm/migrations';

/**
 * Claims on policies with their payments, notes and documents, and the catastrophe events claims may
 * reference. A claim carries its policy's agent and insurer for the data scope, and its currency.
 */
export class Migration20261122000700_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table catastrophe_events (
        id text primary key check (id ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
        name text not null,
        peril text not null,
        region text not null,
        starts_on date not null,
        ends_on date,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        check (ends_on is null or ends_on >= starts_on)
      )`);
    this.addSql(`create unique index catastrophe_events_name_uq on catastrophe_events (lower(name))`);
    this.addSql(`create index catastrophe_events_created_idx on catastrophe_events (created_at, id)`);

    this.addSql(`
      create table claims (
        id uuid primary key,
        claim_number text not null,
        status text not null default 'filed' check (status in ('filed', 'under_review', 'investigation',
          'awaiting_documents', 'settled', 'repudiated', 'withdrawn', 'appealed', 'closed')),
        policy_id uuid not null references policies (id),
        agent_id uuid not null references users (id),
        insurer_id text not null,
        catastrophe_event_id text references catastrophe_events (id),
        incident_date date not null,
        description text not null,
        currency text not null check (currency ~ '^[A-Z]{3}$'),
        claimed_amount_minor bigint not null check (claimed_amount_minor > 0),
        settled_amount_minor bigint check (settled_amount_minor >= 0),
        paid_amount_minor bigint not null default 0 check (paid_amount_minor >= 0),
        assignee_id uuid references users (id),
        appeal_count integer not null default 0,
        reasons jsonb not null default '{}'::jsonb,
        requested_documents jsonb,
        settled_at timestamptz(3),
        repudiated_at timestamptz(3),
        closed_at timestamptz(3),
        version integer not null default 1,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        check (paid_amount_minor <= coalesce(settled_amount_minor, 0))
      )`);
    this.addSql(`create unique index claims_number_uq on claims (claim_number)`);
    this.addSql(`create index claims_created_idx on claims (created_at, id)`);
    this.addSql(`create index claims_agent_created_idx on claims (agent_id, created_at, id)`);
    this.addSql(`create index claims_insurer_created_idx on claims (insurer_id, created_at, id)`);
    this.addSql(`create index claims_status_created_idx on claims (status, created_at, id)`);
    this.addSql(`create index claims_policy_idx on claims (policy_id, created_at, id)`);
    this.addSql(`create index claims_catastrophe_idx on claims (catastrophe_event_id, created_at, id)`);
    this.addSql(
      `create index claims_search_trgm_idx on claims using gin ((lower(claim_number) || ' ' || lower(description)) gin_trgm_ops)`,
    );

    this.addSql(`
      create table claim_payments (
        id uuid primary key,
        claim_id uuid not null references claims (id),
        amount_minor bigint not null check (amount_minor > 0),
        currency text not null,
        method text not null,
        reference text not null,
        paid_at timestamptz(3) not null,
        recorded_by text not null,
        created_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create index claim_payments_claim_idx on claim_payments (claim_id, created_at)`);
    this.addSql(`
      create table claim_notes (
        id uuid primary key,
        claim_id uuid not null references claims (id),
        body text not null,
        author text not null,
        created_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create index claim_notes_claim_idx on claim_notes (claim_id, created_at)`);
    this.addSql(`
      create table claim_documents (
        id uuid primary key,
        claim_id uuid not null references claims (id),
        name text not null,
        content_type text not null,
        size_bytes bigint not null check (size_bytes > 0),
        sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
        url text not null,
        added_by text not null,
        created_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create index claim_documents_claim_idx on claim_documents (claim_id, created_at)`);
    // The claim's own history is its stream of domain events, like a policy's timeline.
  }
}
