import test from 'ava';
import { assertFilterInScope, scopeCondition, scopeOf } from '../../shared/domain/access/caller.js';
import { ForbiddenError } from '../../shared/errors/index.js';

const cols = { agent: 'p.agent_id', insurer: 'p.insurer_id' };

test('data:scope:all gives scope all, whatever the insurer', (t) => {
  t.deepEqual(scopeOf('u1', 'INS-A', new Set(['data:scope:all'])), { kind: 'all' });
});

test('a user with an insurerId and no data:scope:all is scoped to that insurer', (t) => {
  t.deepEqual(scopeOf('u1', 'INS-A', new Set(['policy:read'])), { kind: 'insurer', insurerId: 'INS-A' });
});

test('anyone else is scoped to records whose agentId is their own id', (t) => {
  t.deepEqual(scopeOf('u1', null, new Set(['policy:read'])), { kind: 'agent', agentId: 'u1' });
});

test('the SQL condition restricts to the scope and is absent for scope all', (t) => {
  t.is(scopeCondition({ kind: 'all' }, cols), null);
  t.deepEqual(scopeCondition({ kind: 'insurer', insurerId: 'INS-A' }, cols), { sql: 'p.insurer_id = ?', params: ['INS-A'] });
  t.deepEqual(scopeCondition({ kind: 'agent', agentId: 'u1' }, cols), { sql: 'p.agent_id = ?::text', params: ['u1'] });
});

test('a list filter naming another agent or insurer than the scope allows is forbidden', (t) => {
  t.throws(() => assertFilterInScope({ kind: 'agent', agentId: 'u1' }, { agentId: 'u2' }), { instanceOf: ForbiddenError });
  t.throws(() => assertFilterInScope({ kind: 'agent', agentId: 'u1' }, { insurerId: 'INS-A' }), { instanceOf: ForbiddenError });
  t.throws(() => assertFilterInScope({ kind: 'insurer', insurerId: 'INS-A' }, { insurerId: 'INS-B' }), { instanceOf: ForbiddenError });
});

test('filters inside the scope, and any filter for scope all, are allowed', (t) => {
  t.notThrows(() => assertFilterInScope({ kind: 'agent', agentId: 'u1' }, { agentId: 'u1' }));
  t.notThrows(() => assertFilterInScope({ kind: 'insurer', insurerId: 'INS-A' }, { insurerId: 'INS-A', agentId: 'u9' }));
  t.notThrows(() => assertFilterInScope({ kind: 'all' }, { insurerId: 'INS-B', agentId: 'u2' }));
});
