import { Migration } from '@mikro-orm/migrations';

/**
 * Premium schedules: a policy's premium frequency, its instalments and the payments collected on them. Policies issued before have
 * one annual instalment, due on their first day, for the whole premium.
 */
export class Migration20261127000800_premiums extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table policies add column premium_frequency text not null default 'annual'
      check (premium_frequency in ('annual', 'semi_annual', 'quarterly', 'monthly'))`);
    this.addSql(`
      create table premium_instalments (
        id uuid primary key,
        policy_id uuid not null references policies (id),
        seq integer not null check (seq >= 1),
        due_on date not null,
        amount_minor bigint not null check (amount_minor > 0),
        paid_minor bigint not null default 0 check (paid_minor >= 0 and paid_minor <= amount_minor),
        currency text not null,
        status text not null default 'due' check (status in ('due', 'paid', 'waived')),
        paid_at timestamptz(3),
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        unique (policy_id, seq)
      )`);
    this.addSql(`create index premium_instalments_due_idx on premium_instalments (due_on) where status = 'due'`);
    this.addSql(
      `create trigger premium_instalments_touch_updated_at before update on premium_instalments for each row execute function touch_updated_at()`,
    );
    this.addSql(`
      create table premium_payments (
        id uuid primary key,
        policy_id uuid not null references policies (id),
        instalment_id uuid not null references premium_instalments (id),
        amount_minor bigint not null check (amount_minor > 0),
        currency text not null,
        method text not null,
        reference text not null,
        paid_at timestamptz(3) not null,
        recorded_by text not null,
        created_at timestamptz(3) not null default now(),
        unique (policy_id, reference)
      )`);
    this.addSql(`create index premium_payments_instalment_idx on premium_payments (instalment_id, created_at)`);
    this.addSql(`
      insert into premium_instalments (id, policy_id, seq, due_on, amount_minor, currency)
      select gen_random_uuid(), id, 1, effective_from, premium_minor, currency from policies where premium_minor > 0`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table premium_payments`);
    this.addSql(`drop table premium_instalments`);
    this.addSql(`alter table policies drop column premium_frequency`);
  }
}
