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
 * So the entries still to chain are exactly those after the last chained one in that order: the chain
 * head keeps its place, and each batch appends links (`audit_links`) without touching an entry. The
 * head row is locked for the batch, so any number of worker processes can run this at once and still
 * produce one gapless chain.
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
    const rows = await selectChainable(db(em))
      .select(['a.tx_id', 'a.commit_seq'])
      .where(sql<boolean>`(tx_id, commit_seq) > (${head.lastTxId}::xid8, ${head.lastCommitSeq}::bigint)`)
      // Every transaction below xmin has ended: its entries are final, and no later one can be older.
      .where(sql<boolean>`tx_id < pg_snapshot_xmin(pg_current_snapshot())`)
      .orderBy('tx_id')
      .orderBy('commit_seq')
      .limit(batchSize)
      .execute();
    let seq = Number(head.lastSeq);
    let prevHash = head.lastHash;
    if (!rows.length) return { chained: 0, lastSeq: seq };
    const links: { seq: string; entry_id: string; prev_hash: string; hash: string }[] = [];
    for (const row of rows) {
      seq += 1;
      const hash = entryHash(prevHash, toChainable(row, seq));
      links.push({ seq: String(seq), entry_id: row.id, prev_hash: prevHash, hash });
      prevHash = hash;
    }
    // One statement for the whole batch: the links travel as one JSON document, read back as rows.
    await db(em)
      .insertInto('audit_links')
      .columns(['seq', 'entry_id', 'prev_hash', 'hash'])
      .expression((eb) =>
        eb
          .selectFrom(jsonRows(links, 'seq bigint, entry_id uuid, prev_hash text, hash text'))
          .select(['v.seq', 'v.entry_id', 'v.prev_hash', 'v.hash']),
      )
      .execute();
    // The head is flushed when the transaction commits.
    const last = rows[rows.length - 1]!;
    head.lastSeq = String(seq);
    head.lastHash = prevHash;
    head.lastTxId = String(last.tx_id);
    head.lastCommitSeq = String(last.commit_seq);
    return { chained: rows.length, lastSeq: seq };
  });
}
