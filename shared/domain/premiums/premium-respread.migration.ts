import { Migration } from '@mikro-orm/migrations';

/**
 * Endorsements and cancellation: an instalment an approved decrease of the premium leaves with nothing
 * owed and nothing paid is waived at 0, so an amount may now be 0; a cancelled policy keeps its unearned
 * premium (the paid premium for the days after the cancellation date), null otherwise.
 */
export class Migration20261128000100_premium_respread extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table premium_instalments drop constraint premium_instalments_amount_minor_check`);
    this.addSql(
      `alter table premium_instalments add constraint premium_instalments_amount_minor_check check (amount_minor >= 0)`,
    );
    this.addSql(`alter table policies add column unearned_premium_minor bigint`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table policies drop column unearned_premium_minor`);
    this.addSql(`alter table premium_instalments drop constraint premium_instalments_amount_minor_check`);
    this.addSql(
      `alter table premium_instalments add constraint premium_instalments_amount_minor_check check (amount_minor > 0)`,
    );
  }
}
