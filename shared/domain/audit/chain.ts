import { LockMode } from '@mikro-orm/core';
import { sql } from 'kysely';
import { db, jsonRows } from '../../db/database.js';
import type { Orm } from '../../db/orm.js';
import { AuditChainHead } from '../../db/write-path.entities.js';
import { entryHash, selectChainable, toChainable } from './entry-hash.js';

export interface ChainResult {
  chained: number;
  lastSeq: number;
}

/**
 * Gives unchained audit entries their place in the hash chain, a batch per transaction, in transaction
 * order: only entries of transactions older than every transaction still running (below the snapshot's
 * xmin), so no entry can ever appear behind the chain's end, ordered by transaction id and then by their
 * place within it. A transaction that began writing after another had committed always comes after it.
 * The chain head row is locked for the batch, so any number of worker processes can run this at once
 * and still produce one gapless chain.
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
    const head = await em.findOneOrFail(AuditChainHead, { singleton: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    // Read the unchained index in order. A bitmap scan (what the planner picks when its statistics
    // lag) never marks the entries of rows chained since the last vacuum as dead, so each pass would
    // walk every one of them again: 70 ms a batch at 300,000, against 2 ms for the index scan.
    await em.execute('set local enable_bitmapscan = off');
    const rows = await selectChainable(db(em))
      .where('seq', 'is', null)
      // Every transaction below xmin has ended: its entries are final, and no later one can be older.
      .where(sql<boolean>`tx_id < pg_snapshot_xmin(pg_current_snapshot())`)
      .orderBy('tx_id')
      .orderBy('commit_seq')
      .limit(batchSize)
      .execute();
    let seq = Number(head.lastSeq);
    let prevHash = head.lastHash;
    if (!rows.length) return { chained: 0, lastSeq: seq };
    const links: { id: string; seq: string; prev_hash: string; hash: string }[] = [];
    for (const row of rows) {
      seq += 1;
      const hash = entryHash(prevHash, toChainable(row, seq));
      links.push({ id: row.id, seq: String(seq), prev_hash: prevHash, hash });
      prevHash = hash;
    }
    // One statement for the whole batch: the links travel as one JSON document, read back as rows.
    const link = jsonRows(links, 'id uuid, seq bigint, prev_hash text, hash text');
    await db(em)
      .updateTable('audit_entries as a')
      .from(link)
      .set((eb) => ({
        seq: eb.ref('v.seq'),
        prev_hash: eb.ref('v.prev_hash'),
        hash: eb.ref('v.hash'),
        chained_at: sql<Date>`now()`,
      }))
      .whereRef('a.id', '=', 'v.id')
      .execute();
    // The head is flushed when the transaction commits.
    head.lastSeq = String(seq);
    head.lastHash = prevHash;
    return { chained: rows.length, lastSeq: seq };
  });
}
