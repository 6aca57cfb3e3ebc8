import { Migration } from '@mikro-orm/migrations';

/**
 * Notification templates (one row per version of a key, channel and locale; at most one published)
 * and investment products (platform-wide reference data with a draft, active, closed status).
 */
export class Migration20261122001000_templates_products extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table notification_templates (
        id uuid primary key,
        key text not null,
        channel text not null check (channel in ('email', 'sms')),
        locale text not null,
        subject text,
        body text not null,
        status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
        version integer not null check (version >= 1),
        published_at timestamptz(3),
        archived_at timestamptz(3),
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        check ((channel = 'email') = (subject is not null))
      )`);
    this.addSql(
      `create unique index notification_templates_version_uq on notification_templates (key, channel, locale, version)`,
    );
    // The mail sender's lookup, and the rule that a key, channel and locale has one published version at most.
    this.addSql(
      `create unique index notification_templates_published_uq on notification_templates (key, channel, locale) where status = 'published'`,
    );
    this.addSql(`create index notification_templates_created_idx on notification_templates (created_at, id)`);
    this.addSql(
      `create index notification_templates_search_trgm_idx on notification_templates using gin ((lower(key) || ' ' || lower(coalesce(subject, '')) || ' ' || lower(body)) gin_trgm_ops)`,
    );

    this.addSql(`
      create table investment_products (
        id uuid primary key,
        name text not null,
        risk_level integer not null check (risk_level between 1 and 7),
        min_investment_minor bigint not null check (min_investment_minor >= 0),
        currency text not null check (currency ~ '^[A-Z]{3}$'),
        status text not null default 'draft' check (status in ('draft', 'active', 'closed')),
        description text,
        closed_at timestamptz(3),
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now()
      )`);
    this.addSql(`create index investment_products_created_idx on investment_products (created_at, id)`);
    this.addSql(`create index investment_products_status_created_idx on investment_products (status, created_at, id)`);
    this.addSql(
      `create index investment_products_search_trgm_idx on investment_products using gin (lower(name) gin_trgm_ops)`,
    );
  }
}
