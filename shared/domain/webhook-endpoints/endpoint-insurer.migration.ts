import { Migration } from '@mikro-orm/migrations';

/**
 * An endpoint whose owner holds data scope all belongs to no insurer: before, it took its owner's
 * account's insurer, so that insurer's staff could change it (its URL, its secret) while it heard every
 * insurer's events. Endpoints of other owners keep their insurer, which now also bounds what they hear.
 */
export class Migration20261128000300_webhook_endpoint_insurer extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      update webhook_endpoints w set insurer_id = null
      where w.insurer_id is not null and exists (
        select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
        where ur.user_id = w.created_by and rp.permission = 'data:scope:all')`);
  }

  override async down(): Promise<void> {
    // Nothing to undo: the insurer an owner's account named is not the endpoint's any more.
  }
}
