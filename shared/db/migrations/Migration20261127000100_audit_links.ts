import { Migration } from '@mikro-orm/migrations';

/**
 * Audit entries are written once and never updated: an entry's place in the hash chain is a row of
 * its own in `audit_links` (seq, entry id, prevHash, hash), appended by the chainer. Rewriting each
 * entry to chain it updated all eleven of its indexes a second time, the largest cost of the audit
 * trail. The chainer now walks entries in (tx_id, commit_seq) order from a cursor kept in the chain
 * head (the last chained entry's place), so no index of unchained entries is needed either; the
 * index of that order replaces the one of commit_seq alone.
 */
export class Migration20261127000100_audit_links extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table audit_links (
      seq bigint primary key,
      entry_id uuid not null unique,
      prev_hash text not null,
      hash text not null,
      chained_at timestamptz(3) not null default now()
    )`);
    this.addSql(`insert into audit_links (seq, entry_id, prev_hash, hash, chained_at)
      select seq, id, prev_hash, hash, coalesce(chained_at, now()) from audit_entries where seq is not null`);
    this.addSql(`alter table audit_chain_head
      add column last_tx_id xid8 not null default '0'::xid8,
      add column last_commit_seq bigint not null default 0`);
    // Entries were chained in (tx_id, commit_seq) order, so every unchained one lies after the last chained.
    this.addSql(`update audit_chain_head h set last_tx_id = a.tx_id, last_commit_seq = a.commit_seq
      from audit_entries a where a.seq = h.last_seq`);
    this.addSql(`drop index audit_unchained_idx`);
    // Unique: the chainer's cursor must never skip an entry that shares its place. commit_seq alone
    // (from a sequence) needs no index of its own besides.
    this.addSql(`create unique index audit_chain_order_idx on audit_entries (tx_id, commit_seq)`);
    this.addSql(`alter table audit_entries drop constraint audit_entries_commit_seq_key`);
    this.addSql(
      `alter table audit_entries drop column seq, drop column prev_hash, drop column hash, drop column chained_at`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table audit_entries add column seq bigint unique, add column prev_hash text,
      add column hash text, add column chained_at timestamptz(3)`);
    this.addSql(`update audit_entries a set seq = l.seq, prev_hash = l.prev_hash, hash = l.hash, chained_at = l.chained_at
      from audit_links l where l.entry_id = a.id`);
    this.addSql(`drop index audit_chain_order_idx`);
    this.addSql(`alter table audit_entries add constraint audit_entries_commit_seq_key unique (commit_seq)`);
    this.addSql(`create index audit_unchained_idx on audit_entries (tx_id, commit_seq) where seq is null`);
    this.addSql(`alter table audit_chain_head drop column last_tx_id, drop column last_commit_seq`);
    this.addSql(`drop table audit_links`);
  }
}
