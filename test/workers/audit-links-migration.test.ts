import test from 'ava';
import { sql } from 'kysely';
import { db } from '../../shared/db/database.js';
import { chainAuditEntries } from '../../shared/domain/audit/chain.js';
import { entryHash, GENESIS_HASH, selectChainable, toChainable } from '../../shared/domain/audit/entry-hash.js';
import { verifyAuditChain } from '../../shared/domain/audit/verify.js';
import { createOrm } from '../../shared/domains.js';
import { UnitOfWork } from '../../shared/kernel/unit-of-work.js';
import { createTestDatabase, testConfig } from '../helpers/stack.js';

const BEFORE_LINKS = 'Migration20261126000200_registry_events_by_time';

test('a chain made when entries held their own seq and hashes moves to audit_links whole, and chaining goes on after it', async (t) => {
  const orm = await createOrm(testConfig(await createTestDatabase()), 'links-migration');
  try {
    // The schema as it was: seq, prev_hash and hash on the entry, rewritten by the chainer.
    await orm.migrator.down({ to: BEFORE_LINKS });
    const em = () => orm.em.fork();
    const uow = new UnitOfWork(orm);
    for (let i = 0; i < 12; i++)
      await uow.run({ actor: 'system', requestId: `old-${i}` }, async () => ({
        result: null,
        audit: [{ action: 'test.write', subjectType: 'test', subjectId: `old-${i}`, summary: { i } }],
      }));
    // The old chainer's work on the first eight, in transaction order; four stay unchained.
    const rows = await selectChainable(db(em()))
      .select(['a.tx_id', 'a.commit_seq'])
      .orderBy('a.tx_id')
      .orderBy('a.commit_seq')
      .execute();
    let prev = GENESIS_HASH;
    for (const [i, row] of rows.slice(0, 8).entries()) {
      const hash = entryHash(prev, toChainable(row, i + 1));
      await em().execute(`update audit_entries set seq = ?, prev_hash = ?, hash = ?, chained_at = now() where id = ?`, [
        i + 1,
        prev,
        hash,
        row.id,
      ]);
      prev = hash;
    }
    await em().execute(`update audit_chain_head set last_seq = 8, last_hash = ?`, [prev]);

    const applied = (await orm.migrator.up()).map((m) => m.name);
    t.is(applied[0], 'Migration20261127000100_audit_links');
    const [{ n }] = await db(em()).selectFrom('audit_links').select(sql<number>`count(*)::int`.as('n')).execute();
    t.is(n, 8, 'every chained entry keeps its place');
    t.deepEqual(await verifyAuditChain(orm), { valid: true, checked: 8, firstInvalidSeq: null });

    // The four left, then a new one: chained after the eighth, in the same order.
    await uow.run({ actor: 'system', requestId: 'new' }, async () => ({
      result: null,
      audit: [{ action: 'test.write', subjectType: 'test', subjectId: 'new' }],
    }));
    for (let tries = 0; tries < 50 && (await chainAuditEntries(orm)).lastSeq < 13; tries++)
      await new Promise((r) => setTimeout(r, 100));
    t.deepEqual(await verifyAuditChain(orm), { valid: true, checked: 13, firstInvalidSeq: null });
    const order = await em().execute<{ subject_id: string }[]>(
      `select a.subject_id from audit_links l join audit_entries a on a.id = l.entry_id order by l.seq`,
    );
    t.deepEqual(
      order.map((r) => r.subject_id),
      [...rows.map((r) => r.subject_id), 'new'],
    );
  } finally {
    await orm.close();
  }
});
