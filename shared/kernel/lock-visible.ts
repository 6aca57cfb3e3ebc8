import { type EntityName, type FilterQuery, LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from './errors.js';

/**
 * The one way a change loads its record: by id and within what the caller may see (`within`: the data
 * scope's filter, `scopeFilter(scope, fields)`, or a rule of the record's own such as a dispute's raiser),
 * its row locked FOR UPDATE until the transaction ends. Out of sight is 404 `No such <what>`, exactly as
 * for a record that does not exist. The two conditions stay apart: for an agent the scope may name the
 * id field too.
 */
export async function lockVisible<T extends object>(
  tx: EntityManager,
  entity: EntityName<T>,
  id: string,
  within: FilterQuery<T>,
  what: string,
  populate?: readonly string[],
): Promise<T> {
  return visible(tx, entity, id, within, what, populate, LockMode.PESSIMISTIC_WRITE);
}

/**
 * The same rule without the row lock, for a record whose version column guards its changes instead
 * (a concurrent change that committed first makes the write fail, see `lock: 'version'` in action.ts).
 */
export const findVisible = <T extends object>(
  tx: EntityManager,
  entity: EntityName<T>,
  id: string,
  within: FilterQuery<T>,
  what: string,
  populate?: readonly string[],
): Promise<T> => visible(tx, entity, id, within, what, populate);

async function visible<T extends object>(
  tx: EntityManager,
  entity: EntityName<T>,
  id: string,
  within: FilterQuery<T>,
  what: string,
  populate?: readonly string[],
  lockMode?: LockMode,
): Promise<T> {
  const options = { ...(lockMode ? { lockMode } : {}), ...(populate ? { populate } : {}) };
  const found = await tx.findOne(entity, { $and: [{ id }, within] } as never, options as never);
  if (!found) throw new NotFoundError(`No such ${what}`);
  return found as T;
}
