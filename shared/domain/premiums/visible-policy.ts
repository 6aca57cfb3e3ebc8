import { db, type Source } from '../../db/database.js';
import { NotFoundError } from '../../kernel/errors.js';
import { type DataScope, inScope } from '../../kernel/scope.js';

/**
 * The policy whose premiums are asked for, if `scope` sees it (404 `No such policy` otherwise, as for a
 * missing one): a policy's premiums are seen by whoever sees the policy. Read from the table, since
 * the policies domain imports this one.
 */
export async function visiblePolicy(em: Source, scope: DataScope, id: string) {
  const policy = await db(em)
    .selectFrom('policies as p')
    .select(['p.id', 'p.agent_id', 'p.insurer_id'])
    .where('p.id', '=', id)
    .where((eb) => inScope(eb, scope, { agent: 'p.agent_id', insurer: 'p.insurer_id' }))
    .executeTakeFirst();
  if (!policy) throw new NotFoundError('No such policy');
  return policy;
}
