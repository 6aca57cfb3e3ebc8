import type { Orm } from '../db/orm.js';
import { CHAINABLE_COLUMNS, entryHash, toChainable, type AuditRow } from './entry-hash.js';

export interface ChainResult { chained: number; lastSeq: number }

/**
 * Gives unchained audit entries their place in the hash chain, in commit order, a batch per
 * transaction. The chain head row is locked for the batch, so any number of worker processes
 * can run this at once and still produce one gapless chain.
 */
export async function chainAuditEntries(orm: Orm, batchSize = 1000, maxBatches = 100): Promise<ChainResult> {
  let chained = 0;
  let lastSeq = 0;
  for (let i = 0; i < maxBatches; i++) {
    const batch = await chainOneBatch(orm, batchSize);
    chained += batch.chained;
    lastSeq = batch.lastSeq;
    if (batch.chained < batchSize) break;
  }
  return { chained, lastSeq };
}

async function chainOneBatch(orm: Orm, batchSize: number): Promise<ChainResult> {
  return orm.em.fork().transactional(async (em) => {
    const [head] = await em.execute<{ last_seq: string; last_hash: string }[]>(
      `select last_seq, last_hash from audit_chain_head where singleton for update`,
    );
    const rows = await em.execute<AuditRow[]>(
      `select ${CHAINABLE_COLUMNS} from audit_entries where seq is null order by commit_seq limit ${Number(batchSize)}`,
    );
    let seq = Number(head.last_seq);
    let prevHash = head.last_hash;
    if (!rows.length) return { chained: 0, lastSeq: seq };
    const links: { id: string; seq: number; prev_hash: string; hash: string }[] = [];
    for (const row of rows) {
      seq += 1;
      const hash = entryHash(prevHash, toChainable(row, seq));
      links.push({ id: row.id, seq, prev_hash: prevHash, hash });
      prevHash = hash;
    }
    // One statement for the whole batch; the links travel as one JSON document.
    await em.execute(
      `update audit_entries a set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash, chained_at = now()
         from jsonb_to_recordset(?::jsonb) as v(id uuid, seq bigint, prev_hash text, hash text)
        where a.id = v.id`,
      [JSON.stringify(links)],
    );
    await em.execute(`update audit_chain_head set last_seq = ?, last_hash = ? where singleton`, [seq, prevHash]);
    return { chained: rows.length, lastSeq: seq };
  });
}
