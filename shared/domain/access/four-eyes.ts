import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import { ForbiddenError } from '../../kernel/errors.js';
import { UUID_TEXT } from '../../kernel/ids.js';

/**
 * Each of `ids` with everyone who answers for it: a person answers for themselves; a machine client
 * (api-clients) also for everyone who has held its secret (whoever created it, and whoever rotated
 * it: the new secret went to them), and so on up to people. The holders are the actors of the
 * client's `api_client.create` and `api_client.rotate_secret` audit entries, written in the
 * transactions that made the secrets. One statement for all of `ids`.
 */
async function answerableFor(tx: EntityManager, ids: string[]): Promise<Map<string, Set<string>>> {
  const answerable = new Map(ids.map((id) => [id, new Set([id])]));
  // Actors that are not users ('system', 'webhook') answer for themselves only: nothing to look up.
  const users = ids.filter((id) => UUID_TEXT.test(id));
  if (!users.length) return answerable;
  // A recursive walk over the audit trail, which neither the ORM nor Kysely's builder says as plainly.
  // UNION, not UNION ALL: a (root, id) met again adds no row, so the walk ends.
  const { rows } = await sql<{ root: string; id: string }>`
    with recursive chain(root, id) as (
      select r, r from unnest(${users}::text[]) as r
      union
      select chain.root, a.actor from audit_entries a join chain on a.subject_id = chain.id
      where a.subject_type = 'api_client' and a.action in ('api_client.create', 'api_client.rotate_secret')
    )
    select root, id from chain`.execute(db(tx));
  for (const { root, id } of rows) answerable.get(root)?.add(id);
  return answerable;
}

/**
 * Four eyes: whoever made a change (filed a claim, created an endorsement, created an account) does
 * not also check it (settle, pay, approve, activate), whatever they hold. 403 with
 * `details.reason: "four_eyes"`. A machine client counts as everyone who has held its secret (its
 * creator, whoever rotated it): otherwise a maker checks through a client they made or re-keyed. A
 * maker not recorded (null: records older than the rule) restricts nobody.
 */
export async function assertFourEyes(
  tx: EntityManager,
  maker: string | null | undefined,
  checker: string,
  message: string,
): Promise<void> {
  if (!maker) return;
  if (maker === checker) throw new ForbiddenError(message, { reason: 'four_eyes' });
  const answerable = await answerableFor(tx, [maker, checker]);
  const makers = answerable.get(maker)!;
  for (const id of answerable.get(checker)!)
    if (makers.has(id)) throw new ForbiddenError(message, { reason: 'four_eyes' });
}
