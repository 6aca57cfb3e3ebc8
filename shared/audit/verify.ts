import type { Orm } from '../db/orm.js';
import { CHAINABLE_COLUMNS, GENESIS_HASH, entryHash, toChainable, type AuditRow } from './entry-hash.js';

export interface VerifyResult { valid: boolean; checked: number; firstInvalidSeq: number | null }

/**
 * Walks the chain from seq 1: each entry must have the next seq, link to the previous hash and
 * hash to its stored value; the chain must end where the chain head says it does.
 * A changed entry fails on its own seq; a deleted one on the seq that is missing.
 */
export async function verifyAuditChain(orm: Orm, batchSize = 5000): Promise<VerifyResult> {
  const em = orm.em.fork();
  const [head] = await em.execute<{ last_seq: string }[]>(`select last_seq from audit_chain_head where singleton`);
  const lastSeq = Number(head.last_seq);
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let checked = 0;
  for (;;) {
    const rows = await em.execute<AuditRow[]>(
      `select ${CHAINABLE_COLUMNS} from audit_entries where seq >= ? order by seq limit ${Number(batchSize)}`,
      [expectedSeq],
    );
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
