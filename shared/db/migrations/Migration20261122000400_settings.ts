import { Migration } from '@mikro-orm/migrations';

/**
 * Identifier patterns (how policy, claim, ... numbers look, with a gapless sequence per pattern) and
 * operational policies (configuration records by category and key, read by the service when needed).
 */
export class Migration20261122000400_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table id_patterns (
        id uuid primary key,
        entity text not null check (entity in ('policy', 'claim', 'quotation', 'renewal', 'dispute', 'endorsement')),
        pattern text not null,
        description text,
        active boolean not null default true,
        next_seq bigint not null default 1,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create unique index id_patterns_active_entity_uq on id_patterns (entity) where active`);
    this.addSql(`create index id_patterns_created_idx on id_patterns (created_at, id)`);
    this.addSql(
      `create index id_patterns_search_trgm_idx on id_patterns using gin ((lower(entity) || ' ' || lower(pattern) || ' ' || lower(coalesce(description, ''))) gin_trgm_ops)`,
    );
    // The seeded defaults, with stable ids.
    this.addSql(`
      insert into id_patterns (id, entity, pattern, description) values
        ('00000000-0000-7000-8001-000000000001', 'policy', 'POL-{YYYY}-{SEQ:6}', 'Policy numbers'),
        ('00000000-0000-7000-8001-000000000002', 'claim', 'CLM-{YYYY}-{SEQ:6}', 'Claim numbers'),
        ('00000000-0000-7000-8001-000000000003', 'quotation', 'QUO-{YYYY}-{SEQ:6}', 'Quotation numbers'),
        ('00000000-0000-7000-8001-000000000004', 'renewal', 'REN-{YYYY}-{SEQ:6}', 'Renewal numbers'),
        ('00000000-0000-7000-8001-000000000005', 'dispute', 'DSP-{YYYY}-{SEQ:6}', 'Dispute numbers'),
        ('00000000-0000-7000-8001-000000000006', 'endorsement', 'END-{YYYY}-{SEQ:6}', 'Endorsement numbers')`);

    this.addSql(`
      create table operational_policies (
        id uuid primary key,
        category text not null check (category in ('kyc', 'payments', 'security', 'data_sharing', 'referrals')),
        key text not null,
        name text not null,
        value jsonb not null,
        description text,
        active boolean not null default true,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create unique index operational_policies_category_key_uq on operational_policies (category, key)`);
    this.addSql(`create index operational_policies_created_idx on operational_policies (created_at, id)`);
    this.addSql(
      `create index operational_policies_search_trgm_idx on operational_policies using gin ((lower(key) || ' ' || lower(name)) gin_trgm_ops)`,
    );
  }
}
