import { Migration } from '@mikro-orm/migrations';
import test from 'ava';
import { migrate, openOrm } from '../../shared/db/orm.js';
import { entities } from '../../shared/domains.js';
import { createTestDatabase, testConfig } from '../helpers/stack.js';

/** A domain may keep its migrations in its own folder: its manifest lists them, the ORM applies them after the service's own. */
class Probe extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table domain_migration_probe (id uuid primary key)');
  }
}
class LaterProbe extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table domain_migration_probe add column note text');
  }
}

test("a domain's migrations are applied after the service's own, in the order of their names", async (t) => {
  const config = testConfig(await createTestDatabase());
  // Listed out of order on purpose: the names decide.
  const orm = await openOrm(config, entities, 'migration-probe', [
    { name: 'Migration29990101000200_probe_note', class: LaterProbe },
    { name: 'Migration29990101000100_probe', class: Probe },
  ]);
  try {
    t.deepEqual(await migrate(orm), ['Migration29990101000100_probe', 'Migration29990101000200_probe_note']);
    const columns = await orm.em
      .fork()
      .execute(
        `select column_name from information_schema.columns where table_name = 'domain_migration_probe' order by 1`,
      );
    t.deepEqual(
      columns.map((c) => String(c.column_name)),
      ['id', 'note'],
    );
    t.deepEqual(await migrate(orm), [], 'applied once');
  } finally {
    await orm.close();
  }
});
