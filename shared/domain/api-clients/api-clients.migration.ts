import { Migration } from '@mikro-orm/migrations';

/**
 * Machine clients. A client acts through a row of its own in `users` (kind `client`, no email, no
 * password), so everything that names who did something (audit actors, filed_by, raised_by, roles,
 * data scope) works for a client unchanged; `api_clients` holds its credentials. Its id is the same
 * as its user row's and as the session family its tokens name (revoked with it).
 */
export class Migration20261127000500_api_clients extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users add column kind text not null default 'person'`);
    this.addSql(`alter table users add constraint users_kind_ck check (kind in ('person', 'client'))`);
    this.addSql(`alter table users alter column email drop not null`);
    this.addSql(
      `alter table users add constraint users_email_by_kind_ck check ((kind = 'person') = (email is not null))`,
    );
    this.addSql(`
      create table api_clients (
        id uuid primary key references users (id),
        name text not null,
        insurer_id text,
        secret_hash text not null,
        previous_secret_hash text,
        previous_secret_expires_at timestamptz(3),
        secret_rotated_at timestamptz(3),
        last_token_at timestamptz(3),
        created_by uuid not null references users (id),
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        revoked_at timestamptz(3),
        revoked_by uuid references users (id)
      )`);
    this.addSql(`create index api_clients_insurer_idx on api_clients (insurer_id)`);
    this.addSql(
      `create trigger api_clients_touch_updated_at before update on api_clients for each row execute function touch_updated_at()`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table api_clients`);
    this.addSql(`delete from users where kind = 'client'`);
    this.addSql(`alter table users drop constraint users_email_by_kind_ck`);
    this.addSql(`alter table users alter column email set not null`);
    this.addSql(`alter table users drop column kind`);
  }
}
