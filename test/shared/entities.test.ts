import type { EntitySchema } from '@mikro-orm/core';
import test from 'ava';
import { entities } from '../../shared/domains.js';
import { type Stack, startStack } from '../helpers/stack.js';

let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

const columnsOf = (table: string) =>
  stack.orm.em
    .fork()
    .execute<{ column_name: string; is_nullable: 'YES' | 'NO' }[]>(
      `select column_name, is_nullable from information_schema.columns where table_schema = 'public' and table_name = ? order by 1`,
      [table],
    );

test('every entity maps exactly the columns its table has after the migrations, with the same nullability', async (t) => {
  for (const entity of entities) {
    const meta = stack.orm.getMetadata().get(entity as EntitySchema);
    const mapped = meta.props
      .filter((p) => p.fieldNames?.length && p.persist !== false)
      .flatMap((p) => p.fieldNames.map((name) => `${name}${p.nullable ? ' null' : ''}`))
      .sort();
    const columns = (await columnsOf(meta.tableName))
      .map((c) => `${c.column_name}${c.is_nullable === 'YES' ? ' null' : ''}`)
      .sort();
    t.deepEqual(mapped, columns, meta.tableName);
  }
});

test('every table of the migrated schema has an entity, so typed queries can reach it', async (t) => {
  const tables = await stack.orm.em
    .fork()
    .execute<{ table_name: string }[]>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'mikro_orm_migrations'`,
    );
  const mapped = new Set(entities.map((e) => stack.orm.getMetadata().get(e as EntitySchema).tableName));
  t.deepEqual(
    tables.map((r) => r.table_name).filter((name) => !mapped.has(name)),
    [],
  );
});
