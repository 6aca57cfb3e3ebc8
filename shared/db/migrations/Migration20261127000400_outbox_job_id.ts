import { Migration } from '@mikro-orm/migrations';

/** An outbox row names the job that carried it once relayed: rows merged into one job share it. */
export class Migration20261127000400_outbox_job_id extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table outbox add column job_id text`);
    this.addSql(`update outbox set job_id = id::text where dispatched_at is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table outbox drop column job_id`);
  }
}
