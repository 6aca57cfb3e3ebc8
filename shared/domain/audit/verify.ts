import { db } from '../../db/database.js';
import type { Orm } from '../../db/orm.js';
import { AuditChainHead } from '../../db/write-path.entities.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { assertScopeAll } from '../access/index.js';
import type { AuditVerdict } from './audit.schemas.js';
import { entryHash, GENESIS_HASH, selectLinked, toChainable } from './entry-hash.js';

/**
 * Walks the chain's links from seq 1: each must have the next seq, name the previous hash and hash its
 * entry to its stored value; the chain must end where the chain head says it does.
 * A changed entry fails on its own seq; a deleted one on the seq that is missing.
 */
export async function verifyAuditChain(orm: Orm, batchSize = 5000): Promise<AuditVerdict> {
  const em = orm.em.fork();
  const head = await em.findOneOrFail(AuditChainHead, { singleton: true });
  const lastSeq = Number(head.lastSeq);
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let checked = 0;
  for (;;) {
    const rows = await selectLinked(db(em))
      .where('l.seq', '>=', String(expectedSeq))
      .orderBy('l.seq')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return { valid: false, checked, firstInvalidSeq: expectedSeq };
      if (row.prev_hash !== prevHash || row.hash !== entryHash(prevHash, toChainable(row, seq))) {
        return { valid: false, checked, firstInvalidSeq: seq };
      }
      checked += 1;
      prevHash = row.hash;
      expectedSeq += 1;
    }
    if (rows.length < batchSize) break;
  }
  if (expectedSeq - 1 < lastSeq) return { valid: false, checked, firstInvalidSeq: expectedSeq };
  return { valid: true, checked, firstInvalidSeq: null };
}

/**
 * GET /audit/verify: the verdict is about every entry, including those outside the caller's scope, so
 * it needs data scope all (403 otherwise). `npm run audit:verify` runs `verifyAuditChain` from the shell.
 */
export async function verifyAuditChainAs(deps: ServiceDeps, act: UserAct): Promise<AuditVerdict> {
  assertScopeAll(act.caller.scope, 'Verifying the audit chain reads every entry: it needs data scope all');
  return verifyAuditChain(deps.orm);
}
