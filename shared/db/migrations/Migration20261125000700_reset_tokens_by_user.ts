import { Migration } from '@mikro-orm/migrations';

/**
 * A user's reset tokens by time: a reset or a password change ends the user's outstanding ones, and a
 * reset request counts the user's recent ones (at most a few mails per window), each an indexed read.
 */
export class Migration20261125000700_reset_tokens_by_user extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index password_reset_tokens_user_idx on password_reset_tokens (user_id, created_at)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists password_reset_tokens_user_idx`);
  }
}
