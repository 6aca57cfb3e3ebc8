import { Migration } from '@mikro-orm/migrations';

/**
 * Quotations: an agent's request for a price, the insurer's quote (valid through its valid_until
 * day, UTC), and the policy it became when accepted. A quotation carries its agent and insurer for
 * the data scope, like a policy.
 */
export class Migration20261122000900_quotations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table quotations (
        id uuid primary key,
        quotation_number text not null,
        status text not null default 'requested'
          check (status in ('requested', 'quoted', 'accepted', 'withdrawn', 'expired')),
        agent_id uuid not null references users (id),
        insurer_id text not null,
        product_code text not null,
        applicant_name text not null,
        applicant_email text,
        applicant_phone text,
        applicant_national_id text,
        currency text not null check (currency ~ '^[A-Z]{3}$'),
        sum_insured_minor bigint not null check (sum_insured_minor > 0),
        premium_minor bigint check (premium_minor >= 0),
        valid_until date,
        terms text,
        policy_id uuid references policies (id),
        quoted_at timestamptz(3),
        accepted_at timestamptz(3),
        withdrawn_at timestamptz(3),
        expired_at timestamptz(3),
        version integer not null default 1,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        check (status in ('requested', 'withdrawn') or (premium_minor is not null and valid_until is not null)),
        check ((status = 'accepted') = (policy_id is not null))
      )`);
    this.addSql(`create unique index quotations_number_uq on quotations (quotation_number)`);
    // One quotation per policy it became.
    this.addSql(`create unique index quotations_policy_uq on quotations (policy_id) where policy_id is not null`);
    // The list: newest first, within an agent's or an insurer's scope, by status.
    this.addSql(`create index quotations_created_idx on quotations (created_at, id)`);
    this.addSql(`create index quotations_agent_created_idx on quotations (agent_id, created_at, id)`);
    this.addSql(`create index quotations_insurer_created_idx on quotations (insurer_id, created_at, id)`);
    this.addSql(`create index quotations_status_created_idx on quotations (status, created_at, id)`);
    // The expiry sweep's candidates: quoted quotations by the last day they hold.
    this.addSql(
      `create index quotations_quoted_valid_until_idx on quotations (valid_until, id) where status = 'quoted'`,
    );
    // q: quotation number and applicant name.
    this.addSql(
      `create index quotations_search_trgm_idx on quotations using gin ((lower(quotation_number) || ' ' || lower(applicant_name)) gin_trgm_ops)`,
    );
  }
}
