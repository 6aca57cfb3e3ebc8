import { Migration } from '@mikro-orm/migrations';

/**
 * Disputes raised about a claim, a payment, a commission or a referral. A claim dispute names a claim
 * of this service; the other subjects belong to neighbouring systems and are kept as given.
 */
export class Migration20261122000800_disputes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table disputes (
        id uuid primary key,
        dispute_number text not null,
        status text not null default 'open'
          check (status in ('open', 'triaged', 'upheld', 'rejected', 'withdrawn', 'escalated', 'closed')),
        subject_type text not null check (subject_type in ('referral', 'commission', 'payment', 'claim')),
        subject_id text not null,
        raised_by uuid not null references users (id),
        reason text not null,
        description text,
        severity text check (severity in ('low', 'medium', 'high', 'critical')),
        assignee_id uuid references users (id),
        triage_note text,
        outcome text check (outcome in ('upheld', 'rejected', 'escalated')),
        resolution text,
        withdraw_reason text,
        response_due_at timestamptz(3) not null,
        triaged_at timestamptz(3),
        escalated_at timestamptz(3),
        resolved_at timestamptz(3),
        withdrawn_at timestamptz(3),
        closed_at timestamptz(3),
        version integer not null default 1,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create unique index disputes_number_uq on disputes (dispute_number)`);
    this.addSql(`create index disputes_created_idx on disputes (created_at, id)`);
    this.addSql(`create index disputes_raiser_created_idx on disputes (raised_by, created_at, id)`);
    this.addSql(`create index disputes_subject_idx on disputes (subject_type, subject_id)`);
    this.addSql(`create index disputes_status_created_idx on disputes (status, created_at, id)`);
    // The sweeps' candidates: open or triaged by deadline; resolved or withdrawn by when they ended.
    this.addSql(`create index disputes_due_idx on disputes (response_due_at) where status in ('open', 'triaged')`);
    this.addSql(
      `create index disputes_ended_idx on disputes (coalesce(resolved_at, withdrawn_at)) where status in ('upheld', 'rejected', 'withdrawn')`,
    );
    this.addSql(
      `create index disputes_search_trgm_idx on disputes using gin ((lower(dispute_number) || ' ' || lower(reason)) gin_trgm_ops)`,
    );
  }
}
