import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import { ForbiddenError } from '../../kernel/errors.js';
import { UUID_TEXT } from '../../kernel/ids.js';

/**
 * `id` and everyone who answers for it: a person answers for themselves; a machine client
 * (api-clients) also for whoever created it, and so on up to a person.
 */
async function answerableFor(tx: EntityManager, id: string): Promise<Set<string>> {
  // Actors that are not users ('system', 'webhook') answer for themselves only.
  if (!UUID_TEXT.test(id)) return new Set([id]);
  // UNION, not UNION ALL: an id met again adds no row, so the walk ends (a cycle cannot be made anyway).
  const rows = await db(tx)
    .withRecursive('chain(id)', (qb) =>
      qb
        .selectFrom('api_clients')
        .select('created_by as id')
        .where('id', '=', id)
        .union((u) =>
          u.selectFrom('api_clients as c').innerJoin('chain', 'chain.id', 'c.id').select('c.created_by as id'),
        ),
    )
    .selectFrom('chain')
    .select('id')
    .execute();
  return new Set([id, ...rows.map((r) => r.id)]);
}

/**
 * Four eyes: whoever made a change (filed a claim, created an endorsement, created an account) does
 * not also check it (settle, pay, approve, activate), whatever they hold. 403 with
 * `details.reason: "four_eyes"`. A machine client counts as the person who created it: otherwise a
 * maker makes a client of their own and checks through it. A maker not recorded (null: records older
 * than the rule) restricts nobody.
 */
export async function assertFourEyes(
  tx: EntityManager,
  maker: string | null | undefined,
  checker: string,
  message: string,
): Promise<void> {
  if (!maker) return;
  if (maker === checker) throw new ForbiddenError(message, { reason: 'four_eyes' });
  const makers = await answerableFor(tx, maker);
  const checkers = await answerableFor(tx, checker);
  for (const id of checkers) if (makers.has(id)) throw new ForbiddenError(message, { reason: 'four_eyes' });
}
