import test from 'ava';
import { entities } from '../../shared/db/entities.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
test.before(async () => { stack = await startStack(); });
test.after.always(async () => { await stack?.close(); });

test('every entity maps exactly the columns its table has after the migrations', async (t) => {
  for (const entity of entities) {
    const meta = stack.orm.getMetadata().get(entity.meta.className);
    const mapped = meta.props.flatMap((p) => p.fieldNames ?? []).sort();
    const rows = await stack.orm.em.fork().execute<{ column_name: string }[]>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = ? order by 1`, [meta.tableName],
    );
    t.deepEqual(mapped, rows.map((r) => r.column_name).sort(), meta.tableName);
  }
});
