import { Migration } from '@mikro-orm/migrations';

/**
 * Overdue reminders: when an instalment's reminder was queued and when it was sent (once each). And
 * the single instalment backfilled for a policy issued before premium schedules existed is waived:
 * its premium was collected outside the service, so it must not read as overdue, be reminded of, or
 * lapse the policy once this version is deployed. An instalment with a payment recorded is left alone.
 */
export class Migration20261128000200_premium_reminders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table premium_instalments add column reminder_queued_at timestamptz(3)`);
    this.addSql(`alter table premium_instalments add column reminder_sent_at timestamptz(3)`);
    this.addSql(`
      update premium_instalments i set status = 'waived'
      from policies p, mikro_orm_migrations m
      where p.id = i.policy_id and m.name = 'Migration20261127000800_premiums'
        and p.created_at < m.executed_at and i.status = 'due'
        and not exists (select 1 from premium_payments pp where pp.instalment_id = i.id)`);
    this.addSql(
      `create index premium_instalments_unreminded_idx on premium_instalments (due_on, id) where status = 'due' and reminder_queued_at is null`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index premium_instalments_unreminded_idx`);
    this.addSql(`alter table premium_instalments drop column reminder_sent_at`);
    this.addSql(`alter table premium_instalments drop column reminder_queued_at`);
  }
}
