import { db } from '../../db/database.js';
import type { Orm } from '../../db/orm.js';
import { AuditChainHead } from '../../db/write-path.entities.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { DomainError } from '../../kernel/errors.js';
import { assertScopeAll } from '../access/index.js';
import type { AuditVerdict } from './audit.schemas.js';
import { entryHash, GENESIS_HASH, selectLinked, toChainable } from './entry-hash.js';

/** Entries read and hashed between two looks at whether anyone still waits for the verdict. */
const BATCH = 2000;

/**
 * Walks the chain's links from seq 1: each must have the next seq, name the previous hash and hash its
 * entry to its stored value; the chain must end where the chain head says it does.
 * A changed entry fails on its own seq; a deleted one on the seq that is missing. `wanted` is asked
 * before each batch: once it says no, the walk stops and answers null.
 */
export async function verifyAuditChain(orm: Orm, batchSize?: number): Promise<AuditVerdict>;
export async function verifyAuditChain(
  orm: Orm,
  batchSize: number,
  wanted: () => boolean,
): Promise<AuditVerdict | null>;
export async function verifyAuditChain(
  orm: Orm,
  batchSize = BATCH,
  wanted: () => boolean = () => true,
): Promise<AuditVerdict | null> {
  const em = orm.em.fork();
  const head = await em.findOneOrFail(AuditChainHead, { singleton: true });
  const lastSeq = Number(head.lastSeq);
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let checked = 0;
  for (;;) {
    if (!wanted()) return null;
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

/** The walk each database has running for GET /audit/verify in this process, and who waits for it. */
const walks = new WeakMap<Orm, { verdict: Promise<AuditVerdict | null>; waiting: Set<() => boolean> }>();

/**
 * GET /audit/verify: the verdict is about every entry, including those outside the caller's scope, so
 * it needs data scope all (403 otherwise). It reads and hashes the whole chain, so a process runs one
 * walk at a time: a request that comes while one runs waits for its verdict rather than starting a
 * second; and the walk stops between batches once no request waits for it any more (each timed out or
 * its client went away), instead of going on for nobody. `npm run audit:verify` runs
 * `verifyAuditChain` from the shell.
 */
export async function verifyAuditChainAs(deps: ServiceDeps, act: UserAct): Promise<AuditVerdict> {
  assertScopeAll(act.caller.scope, 'Verifying the audit chain reads every entry: it needs data scope all');
  const mine = () => act.gate?.waiting() ?? true;
  for (;;) {
    let walk = walks.get(deps.orm);
    if (!walk) {
      const waiting = new Set<() => boolean>();
      const started = {
        waiting,
        verdict: verifyAuditChain(deps.orm, BATCH, () => [...waiting].some((w) => w())).finally(() => {
          if (walks.get(deps.orm) === started) walks.delete(deps.orm);
        }),
      };
      walks.set(deps.orm, started);
      walk = started;
    }
    walk.waiting.add(mine);
    try {
      const verdict = await walk.verdict;
      if (verdict) return verdict;
    } finally {
      walk.waiting.delete(mine);
    }
    // Nobody waits for this answer either (timed out and answered 503 already, or the client left).
    if (!mine())
      throw new DomainError('unavailable', 'SERVICE_UNAVAILABLE', 'The verification was given up', undefined, 1);
    // The walk stopped for want of anyone waiting just as this request joined it: start another.
  }
}
