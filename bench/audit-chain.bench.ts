import pg from 'pg';
import { chainAuditEntries } from '../shared/domain/audit/chain.js';
import { verifyAuditChain } from '../shared/domain/audit/verify.js';
import { uuidv7 } from '../shared/kernel/ids.js';
import { ratioLine, withBenchDatabase } from './harness.js';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 5000);

function row(i: number) {
  return [
    uuidv7(),
    'system',
    'bench.write',
    'bench',
    `s-${i}`,
    `r-${i}`,
    '127.0.0.1',
    JSON.stringify({ i, amountMinor: i * 100 }),
    new Date().toISOString(),
  ];
}

/**
 * Audit entries chained per second against the bare baseline: the same rows INSERTed one at a time
 * on a single connection (each its own statement and commit). Both run here, now, on this machine.
 */
export async function benchAuditChain(): Promise<{ ratio: number; line: string }> {
  return withBenchDatabase(async (orm, config) => {
    // Raw SQL on a bare pg client on purpose: this is the baseline the chainer is measured against.
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    const insert = `insert into audit_entries (id, commit_seq, actor, action, subject_type, subject_id, request_id, ip, summary, occurred_at)
                    values ($1, nextval('audit_commit_seq'), $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`;
    for (let i = 0; i < 200; i++) await client.query(insert, row(i)); // warm-up
    await chainAuditEntries(orm);

    const started = performance.now();
    for (let i = 0; i < ROWS; i++) await client.query(insert, row(i));
    const insertSeconds = (performance.now() - started) / 1000;
    await client.end();

    const chainStarted = performance.now();
    const { chained } = await chainAuditEntries(orm, 1000, 1_000_000);
    const chainSeconds = (performance.now() - chainStarted) / 1000;
    if (chained !== ROWS) throw new Error(`chained ${chained} of ${ROWS}`);
    const check = await verifyAuditChain(orm);
    if (!check.valid) throw new Error('chain invalid after benchmark');

    const subject = { label: 'chained', perSecond: ROWS / chainSeconds };
    const baseline = { label: 'raw single-connection INSERTs', perSecond: ROWS / insertSeconds };
    return {
      ratio: subject.perSecond / baseline.perSecond,
      line: ratioLine(`audit chain (${ROWS} entries)`, subject, baseline, 0.7),
    };
  });
}
