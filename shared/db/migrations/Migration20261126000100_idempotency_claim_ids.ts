import { Migration } from '@mikro-orm/migrations';

/**
 * An Idempotency-Key claim carries the id of the request holding it. A request records its answer, or
 * releases the key, only while the claim is still its own: once its lease ran out and a retry took the
 * key over, the late request's change rolls back instead of applying a second time.
 */
export class Migration20261126000100_idempotency_claim_ids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table idempotency_records add column claim_id uuid`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table idempotency_records drop column if exists claim_id`);
  }
}
