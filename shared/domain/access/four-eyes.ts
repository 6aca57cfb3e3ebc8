import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import { ForbiddenError } from '../../kernel/errors.js';
import { UUID_TEXT } from '../../kernel/ids.js';

/**
 * `id` and everyone who answers for it: a person answers for themselves; a machine client
 * (api-clients) also for everyone who has held its secret (whoever created it, and whoever rotated
 * it: the new secret went to them), and so on up to people. The holders are the actors of the
 * client's `api_client.create` and `api_client.rotate_secret` audit entries, written in the
 * transactions that made the secrets.
 */
async function answerableFor(tx: EntityManager, id: string): Promise<Set<string>> {
  // Actors that are not users ('system', 'webhook') answer for themselves only.
  if (!UUID_TEXT.test(id)) return new Set([id]);
  // A recursive walk over the audit trail, which neither the ORM nor Kysely's builder says as plainly.
  // UNION, not UNION ALL: an id met again adds no row, so the walk ends.
  const { rows } = await sql<{ id: string }>`
    with recursive chain(id) as (
      select ${id}::text
      union
      select a.actor from audit_entries a join chain on a.subject_id = chain.id
      where a.subject_type = 'api_client' and a.action in ('api_client.create', 'api_client.rotate_secret')
    )
    select id from chain`.execute(db(tx));
  return new Set([id, ...rows.map((r) => r.id)]);
}

/**
 * Four eyes: whoever made a change (filed a claim, created an endorsement, created an account) does
 * not also check it (settle, pay, approve, activate), whatever they hold. 403 with
 * `details.reason: "four_eyes"`. A machine client counts as everyone who has held its secret (its
 * creator, whoever rotated it): otherwise a maker checks through a client they made or re-keyed. A maker not recorded (null: records older
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
