import test from 'ava';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Database } from '../../shared/db/database.js';
import { ForbiddenError } from '../../shared/kernel/errors.js';
import { assertFilterInScope, type DataScope, inScope, scopeFilter, scopeOf } from '../../shared/kernel/scope.js';

const kysely = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
/** The WHERE clause and parameters the scope condition compiles to, for users (agent: the user's own id). */
const compiled = (scope: DataScope) => {
  const { sql, parameters } = kysely
    .selectFrom('users as u')
    .select('u.id')
    .where((eb) => inScope(eb, scope, { agent: 'u.id', insurer: 'u.insurer_id' }))
    .compile();
  return { where: sql.replace(/^.* where /, ''), parameters };
};

test('data:scope:all gives scope all, whatever the insurer', (t) => {
  t.deepEqual(scopeOf('u1', 'INS-A', new Set(['data:scope:all'])), { kind: 'all' });
});

test('a user with an insurerId and no data:scope:all is scoped to that insurer', (t) => {
  t.deepEqual(scopeOf('u1', 'INS-A', new Set(['policy:read'])), { kind: 'insurer', insurerId: 'INS-A' });
});

test('anyone else is scoped to records whose agentId is their own id', (t) => {
  t.deepEqual(scopeOf('u1', null, new Set(['policy:read'])), { kind: 'agent', agentId: 'u1' });
});

test('the query condition restricts to the scope and is always true for scope all', (t) => {
  t.deepEqual(compiled({ kind: 'all' }), { where: 'true', parameters: [] });
  t.deepEqual(compiled({ kind: 'insurer', insurerId: 'INS-A' }), {
    where: '"u"."insurer_id" = $1',
    parameters: ['INS-A'],
  });
  t.deepEqual(compiled({ kind: 'agent', agentId: 'u1' }), { where: '"u"."id" = $1', parameters: ['u1'] });
});

test('the entity filter for loading a record to change it follows the same rule', (t) => {
  const fields = { agent: 'agentId', insurer: 'insurerId' };
  t.deepEqual(scopeFilter({ kind: 'all' }, fields), {});
  t.deepEqual(scopeFilter({ kind: 'insurer', insurerId: 'INS-A' }, fields), { insurerId: 'INS-A' });
  t.deepEqual(scopeFilter({ kind: 'agent', agentId: 'u1' }, fields), { agentId: 'u1' });
});

test('a list filter naming another agent or insurer than the scope allows is forbidden', (t) => {
  t.throws(() => assertFilterInScope({ kind: 'agent', agentId: 'u1' }, { agentId: 'u2' }), {
    instanceOf: ForbiddenError,
  });
  t.throws(() => assertFilterInScope({ kind: 'agent', agentId: 'u1' }, { insurerId: 'INS-A' }), {
    instanceOf: ForbiddenError,
  });
  t.throws(() => assertFilterInScope({ kind: 'insurer', insurerId: 'INS-A' }, { insurerId: 'INS-B' }), {
    instanceOf: ForbiddenError,
  });
});

test('filters inside the scope, and any filter for scope all, are allowed', (t) => {
  t.notThrows(() => assertFilterInScope({ kind: 'agent', agentId: 'u1' }, { agentId: 'u1' }));
  t.notThrows(() =>
    assertFilterInScope({ kind: 'insurer', insurerId: 'INS-A' }, { insurerId: 'INS-A', agentId: 'u9' }),
  );
  t.notThrows(() => assertFilterInScope({ kind: 'all' }, { insurerId: 'INS-B', agentId: 'u2' }));
});
