import { Migration } from '@mikro-orm/migrations';

/**
 * Insurance policies, their endorsements, and the domain events timelines are read from.
 * Money is an integer in minor units with the policy's ISO 4217 currency; calendar dates are `date`.
 */
export class Migration20261122000500_policies extends Migration {
  override async up(): Promise<void> {
    // Appended by every change of a record that has a timeline (a policy: its own changes, its
    // endorsements, claims and renewals), in the change's transaction. seq orders a stream.
    this.addSql(`
      create table domain_events (
        seq bigserial primary key,
        stream_type text not null,
        stream_id uuid not null,
        type text not null,
        subject_type text not null,
        subject_id text not null,
        actor text not null,
        request_id text,
        data jsonb not null default '{}'::jsonb,
        occurred_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create index domain_events_stream_idx on domain_events (stream_type, stream_id, seq)`);

    this.addSql(`
      create table policies (
        id uuid primary key,
        policy_number text not null,
        status text not null default 'active'
          check (status in ('active', 'lapsed', 'cancelled', 'reinstated', 'expired', 'renewed')),
        agent_id uuid not null references users (id),
        insurer_id text not null,
        product_code text not null,
        holder_name text not null,
        holder_email text,
        holder_phone text,
        holder_national_id text,
        currency text not null check (currency ~ '^[A-Z]{3}$'),
        sum_insured_minor bigint not null check (sum_insured_minor > 0),
        premium_minor bigint not null check (premium_minor >= 0),
        effective_from date not null,
        effective_to date not null,
        cancelled_at timestamptz(3),
        cancellation_reason text,
        cancellation_effective_date date,
        lapsed_at timestamptz(3),
        expired_at timestamptz(3),
        reinstated_at timestamptz(3),
        renewed_from_policy_id uuid references policies (id),
        renewed_to_policy_id uuid references policies (id),
        version integer not null default 1,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        check (effective_to > effective_from)
      )`);
    this.addSql(`create unique index policies_number_uq on policies (policy_number)`);
    // The list's orders (keyset on sort key, id), alone and within the scope columns.
    this.addSql(`create index policies_created_idx on policies (created_at, id)`);
    this.addSql(`create index policies_agent_created_idx on policies (agent_id, created_at, id)`);
    this.addSql(`create index policies_insurer_created_idx on policies (insurer_id, created_at, id)`);
    this.addSql(`create index policies_status_created_idx on policies (status, created_at, id)`);
    this.addSql(`create index policies_effective_to_idx on policies (effective_to, id)`);
    this.addSql(`create index policies_status_effective_to_idx on policies (status, effective_to, id)`);
    this.addSql(
      `create index policies_search_trgm_idx on policies using gin ((lower(policy_number) || ' ' || lower(holder_name)) gin_trgm_ops)`,
    );

    this.addSql(`
      create table endorsements (
        id uuid primary key,
        policy_id uuid not null references policies (id),
        endorsement_number text not null,
        status text not null default 'pending' check (status in ('pending', 'approved', 'withdrawn')),
        type text not null,
        description text not null,
        effective_date date not null,
        changes jsonb not null,
        created_by text not null,
        approved_by text,
        approved_at timestamptz(3),
        withdrawn_at timestamptz(3),
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create unique index endorsements_number_uq on endorsements (endorsement_number)`);
    this.addSql(`create index endorsements_policy_idx on endorsements (policy_id, created_at)`);
  }
}
