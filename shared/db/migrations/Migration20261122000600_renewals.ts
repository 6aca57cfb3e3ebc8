import { Migration } from '@mikro-orm/migrations';

/**
 * Renewals: the next term of a policy, proposed (pending), offered, accepted or declined, and
 * converted into a new policy. A renewal carries its policy's agent and insurer for the data scope.
 */
export class Migration20261122000600_renewals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table renewals (
        id uuid primary key,
        renewal_number text not null,
        status text not null default 'pending'
          check (status in ('pending', 'offered', 'accepted', 'declined', 'lapsed', 'converted')),
        policy_id uuid not null references policies (id),
        policy_number text not null,
        agent_id uuid not null references users (id),
        insurer_id text not null,
        currency text not null check (currency ~ '^[A-Z]{3}$'),
        proposed_premium_minor bigint not null check (proposed_premium_minor >= 0),
        offered_premium_minor bigint check (offered_premium_minor >= 0),
        term_from date not null,
        term_to date not null,
        offer_expires_at timestamptz(3),
        decline_reason text,
        new_policy_id uuid references policies (id),
        offered_at timestamptz(3),
        accepted_at timestamptz(3),
        declined_at timestamptz(3),
        lapsed_at timestamptz(3),
        converted_at timestamptz(3),
        version integer not null default 1,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        check (term_to > term_from)
      )`);
    this.addSql(`create unique index renewals_number_uq on renewals (renewal_number)`);
    // One open renewal per policy: a second, however concurrent, is a unique violation (409).
    this.addSql(
      `create unique index renewals_open_policy_uq on renewals (policy_id) where status in ('pending', 'offered', 'accepted')`,
    );
    this.addSql(`create index renewals_policy_term_idx on renewals (policy_id, term_from)`);
    this.addSql(`create index renewals_created_idx on renewals (created_at, id)`);
    this.addSql(`create index renewals_agent_created_idx on renewals (agent_id, created_at, id)`);
    this.addSql(`create index renewals_insurer_created_idx on renewals (insurer_id, created_at, id)`);
    this.addSql(`create index renewals_status_created_idx on renewals (status, created_at, id)`);
    // The lapse sweep's candidates: open renewals by offer expiry and by term start.
    this.addSql(
      `create index renewals_open_expiry_idx on renewals (offer_expires_at) where status in ('pending', 'offered')`,
    );
    this.addSql(`create index renewals_open_term_idx on renewals (term_from) where status in ('pending', 'offered')`);
    // q: renewal number and the policy's number (denormalised: the policy number never changes).
    this.addSql(
      `create index renewals_search_trgm_idx on renewals using gin ((lower(renewal_number) || ' ' || lower(policy_number)) gin_trgm_ops)`,
    );
    // The expiry sweep's and the renewal sweep's candidates: live policies by the end of their term.
    this.addSql(
      `create index policies_live_effective_to_idx on policies (effective_to, id) where status in ('active', 'reinstated')`,
    );
  }
}
