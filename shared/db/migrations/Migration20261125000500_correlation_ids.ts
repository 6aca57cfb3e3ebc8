import { Migration } from '@mikro-orm/migrations';

/**
 * The client's own id of a request (its X-Correlation-Id or X-Request-Id), kept beside the service's
 * request id on the audit entries of that request. Existing entries have none.
 */
export class Migration20261125000500_correlation_ids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table audit_entries add column correlation_id text`);
  }
}
