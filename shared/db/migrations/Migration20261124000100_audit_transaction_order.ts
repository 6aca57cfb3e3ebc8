import { Migration } from '@mikro-orm/migrations';

/**
 * Audited transactions commit in parallel: an entry records the id of the transaction that wrote it
 * (`tx_id`, 64-bit, never wraps), and the chainer takes entries only once every transaction with a
 * smaller id has ended, in (tx_id, commit_seq) order. This replaces the lock held from the audit insert
 * to COMMIT, which made every write of the service commit one at a time.
 */
export class Migration20261124000100_audit_transaction_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table audit_entries add column tx_id xid8 not null default pg_current_xact_id()`);
    this.addSql(`drop index audit_unchained_idx`);
    this.addSql(`create index audit_unchained_idx on audit_entries (tx_id, commit_seq) where seq is null`);
  }
}
