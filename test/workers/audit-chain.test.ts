import { spawn } from 'node:child_process';
import { once } from 'node:events';
import test from 'ava';
import { db } from '../../shared/db/database.js';
import { chainAuditEntries } from '../../shared/domain/audit/chain.js';
import { entryHash, GENESIS_HASH, selectLinked } from '../../shared/domain/audit/entry-hash.js';
import { verifyAuditChain } from '../../shared/domain/audit/verify.js';
import { createOrm } from '../../shared/domains.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { UnitOfWork } from '../../shared/kernel/unit-of-work.js';
import { startWorkers } from '../../workers/main.js';
import { bearer } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';

/** Each scenario gets its own database (tampering with one chain must not break another test's), one scenario at a time: each starts a stack with pools and chainers of its own. */
async function withStack(fn: (stack: Stack) => Promise<void>) {
  const stack = await startStack();
  try {
    await fn(stack);
  } finally {
    await stack.close();
  }
}

/** n audited writes, `parallel` at a time: fewer than the pool has connections (5 in tests), so a loaded machine never waits out the acquire timeout. */
async function writeEntries(uow: UnitOfWork, n: number, tag: string, parallel = 4) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        const i = next++;
        await uow.run({ actor: 'system', requestId: `${tag}-${i}` }, async () => ({
          result: null,
          audit: [{ action: 'test.write', subjectType: 'test', subjectId: `${tag}-${i}`, summary: { i } }],
        }));
      }
    }),
  );
}

const sql = (stack: Stack, query: string, params: unknown[] = []) => stack.orm.em.fork().execute(query, params);

/** Entries the chainer has not linked yet. */
const UNCHAINED = `audit_entries a where not exists (select from audit_links l where l.entry_id = a.id)`;
/** Entries in chain order, with their seq. */
const CHAIN = `audit_links l join audit_entries a on a.id = l.entry_id`;
/** The entry at a place in the chain. */
const AT_SEQ = `id = (select entry_id from audit_links where seq = ?)`;

/**
 * Chains until no entry is left: an entry waits for every older transaction of the PostgreSQL server to
 * end (other test files' ones included), so one pass may leave the newest for the next.
 */
const chainEverything = (stack: Stack) =>
  waitFor(async () => {
    await chainAuditEntries(stack.orm);
    return (await sql(stack, `select count(*)::int as n from ${UNCHAINED}`))[0].n === 0;
  }, 'every audit entry chained');

test.serial(
  'two API pools writing and two chainers running at once produce one gapless chain in transaction order',
  (t) =>
    withStack(async (stack) => {
      const other = await createOrm(stack.config, 'second-process');
      try {
        const writers = [new UnitOfWork(stack.orm), new UnitOfWork(other)];
        let writing = true;
        const chainers = [stack.orm, other].map(async (orm) => {
          while (writing) await chainAuditEntries(orm, 37);
        });
        await Promise.all(writers.map((uow, w) => writeEntries(uow, 150, `w${w}`)));
        writing = false;
        await Promise.all(chainers);
        await chainEverything(stack);
        const rows = (await sql(
          stack,
          `select l.seq::int, a.commit_seq::int, a.tx_id::text from ${CHAIN} order by l.seq`,
        )) as { seq: number; commit_seq: number; tx_id: string }[];
        t.is(rows.length, 300);
        t.deepEqual(
          rows.map((r) => r.seq),
          Array.from({ length: 300 }, (_, i) => i + 1),
        );
        const order = (r: { commit_seq: number; tx_id: string }) => [BigInt(r.tx_id), BigInt(r.commit_seq)];
        const byTransaction = [...rows].sort((a, b) => {
          const [x, y] = [order(a), order(b)];
          return x[0] === y[0] ? Number(x[1] - y[1]) : Number(x[0] - y[0]);
        });
        t.deepEqual(
          rows.map((r) => r.seq),
          byTransaction.map((r) => r.seq),
          'chain order is transaction order',
        );
        t.deepEqual(await verifyAuditChain(stack.orm), { valid: true, checked: 300, firstInvalidSeq: null });
      } finally {
        await other.close();
      }
    }),
);

test.serial(
  'chaining appends links and never rewrites an entry: it works with UPDATE and DELETE refused on audit entries',
  (t) =>
    withStack(async (stack) => {
      await sql(
        stack,
        `create function refuse_audit_change() returns trigger language plpgsql as $$ begin raise exception 'audit entries are append-only'; end $$`,
      );
      await sql(
        stack,
        `create trigger audit_append_only before update or delete on audit_entries for each row execute function refuse_audit_change()`,
      );
      await writeEntries(new UnitOfWork(stack.orm), 40, 'append');
      await chainEverything(stack);
      t.deepEqual(await verifyAuditChain(stack.orm), { valid: true, checked: 40, firstInvalidSeq: null });
      await t.throwsAsync(sql(stack, `update audit_entries set action = 'forged' where ${AT_SEQ}`, [1]), {
        message: /append-only/,
      });
    }),
);

test.serial(
  'audited writes commit in parallel; an entry waits for older transactions still open, then is chained after them',
  (t) =>
    withStack(async (stack) => {
      const uow = new UnitOfWork(stack.orm);
      const audit = (tag: string) => ({
        result: null,
        audit: [{ action: 'test.write', subjectType: 'test', subjectId: tag }],
      });
      let releaseOlder!: () => void;
      const olderMayCommit = new Promise<void>((resolve) => {
        releaseOlder = resolve;
      });
      let olderWrote!: () => void;
      const olderHasWritten = new Promise<void>((resolve) => {
        olderWrote = resolve;
      });
      // The older transaction takes its id first, then stays open after writing its entry.
      const older = uow.run({ actor: 'system' }, async (em) => {
        await em.execute('select pg_current_xact_id()');
        olderWrote();
        await olderMayCommit;
        return audit('older');
      });
      await olderHasWritten;
      // The younger one commits while the older is still open: no audited write waits for another's commit.
      await uow.run({ actor: 'system' }, async () => audit('younger'));
      const unchained = async () =>
        (await sql(stack, `select subject_id from ${UNCHAINED} order by subject_id`)).map(
          (r) => (r as { subject_id: string }).subject_id,
        );
      t.deepEqual(await unchained(), ['younger']);
      await chainAuditEntries(stack.orm);
      t.deepEqual(await unchained(), ['younger'], 'not chained while an older transaction may still add an entry');
      releaseOlder();
      await older;
      await chainEverything(stack);
      const chain = await sql(stack, `select a.subject_id, l.seq::int from ${CHAIN} order by l.seq`);
      t.deepEqual(chain, [
        { subject_id: 'older', seq: 1 },
        { subject_id: 'younger', seq: 2 },
      ]);
      t.deepEqual(await verifyAuditChain(stack.orm), { valid: true, checked: 2, firstInvalidSeq: null });
    }),
);

test.serial('with two worker processes running, the audit worker chains every entry the API writes', (t) =>
  withStack(async (stack) => {
    const otherOrm = await createOrm(stack.config, 'worker-2');
    const a = await startWorkers({ config: stack.config, orm: stack.orm, log: stack.app.log as never });
    const b = await startWorkers({ config: stack.config, orm: otherOrm, log: stack.app.log as never });
    try {
      await writeEntries(new UnitOfWork(stack.orm), 120, 'api');
      await waitFor(
        async () => (await sql(stack, `select count(*)::int as n from ${UNCHAINED}`))[0].n === 0,
        'all chained',
      );
      t.deepEqual(await verifyAuditChain(stack.orm), { valid: true, checked: 120, firstInvalidSeq: null });
    } finally {
      await a.close();
      await b.close();
      await otherOrm.close();
    }
  }),
);

test.serial('verify reports the first invalid seq when a stored entry is changed with plain SQL', (t) =>
  withStack(async (stack) => {
    await writeEntries(new UnitOfWork(stack.orm), 10, 'tamper');
    await chainEverything(stack);
    await sql(stack, `update audit_entries set summary = '{"i": 999}' where ${AT_SEQ}`, [4]);
    t.deepEqual(await verifyAuditChain(stack.orm), { valid: false, checked: 3, firstInvalidSeq: 4 });
  }),
);

test.serial(
  'the hash covers a correlation id where an entry has one; an entry without one hashes exactly as before correlation ids existed',
  (t) =>
    withStack(async (stack) => {
      const uow = new UnitOfWork(stack.orm);
      const entry = (tag: string) => ({
        result: null,
        audit: [{ action: 'test.write', subjectType: 'test', subjectId: tag }],
      });
      await uow.run({ actor: 'system', requestId: 'rid-plain' }, async () => entry('plain'));
      await chainEverything(stack);
      await uow.run({ actor: 'system', requestId: 'rid-correlated', correlationId: 'client-7' }, async () =>
        entry('correlated'),
      );
      await chainEverything(stack);
      t.deepEqual(await verifyAuditChain(stack.orm), { valid: true, checked: 2, firstInvalidSeq: null });
      // The entry without one: its hash is over the fields an entry had before (an old chain still verifies).
      const [plain] = await selectLinked(db(stack.orm.em.fork())).where('l.seq', '=', '1').execute();
      const { correlation_id: _none, ...before } = plain;
      t.is(_none, null);
      t.is(
        plain.hash,
        entryHash(GENESIS_HASH, {
          id: before.id,
          seq: 1,
          actor: before.actor,
          action: before.action,
          subjectType: before.subject_type,
          subjectId: before.subject_id,
          requestId: before.request_id,
          ip: before.ip,
          summary: before.summary,
          occurredAt: before.occurred_at,
        }),
      );
      await sql(stack, `update audit_entries set correlation_id = 'forged' where ${AT_SEQ}`, [2]);
      t.deepEqual(await verifyAuditChain(stack.orm), { valid: false, checked: 1, firstInvalidSeq: 2 });
      await sql(stack, `update audit_entries set correlation_id = 'added' where ${AT_SEQ}`, [1]);
      t.deepEqual(await verifyAuditChain(stack.orm), { valid: false, checked: 0, firstInvalidSeq: 1 });
    }),
);

test.serial('verify reports a deleted entry, in the middle or at the end of the chain', (t) =>
  withStack(async (stack) => {
    await writeEntries(new UnitOfWork(stack.orm), 10, 'delete');
    await chainEverything(stack);
    await sql(stack, `delete from audit_entries where ${AT_SEQ}`, [10]);
    t.deepEqual(await verifyAuditChain(stack.orm), { valid: false, checked: 9, firstInvalidSeq: 10 });
    await sql(stack, `delete from audit_entries where ${AT_SEQ}`, [6]);
    t.deepEqual(await verifyAuditChain(stack.orm), { valid: false, checked: 5, firstInvalidSeq: 6 });
  }),
);

test.serial('a unit of work that fails leaves no change, no audit entry, no outbox row', (t) =>
  withStack(async (stack) => {
    const uow = new UnitOfWork(stack.orm);
    const id = uuidv7();
    await t.throwsAsync(
      uow.run({ actor: 'system' }, async (em) => {
        await em.execute(`insert into users (id, email, name) values (?, ?, 'Rolled Back')`, [
          id,
          `${id}@example.test`,
        ]);
        await em.execute(`select 1/0`);
        return {
          result: null,
          audit: { action: 'user.create', subjectType: 'user', subjectId: id },
          jobs: [{ queue: 'mail', name: 'send', payload: { id } }],
        };
      }),
    );
    t.is((await sql(stack, `select count(*)::int as n from users where id = ?`, [id]))[0].n, 0);
    t.is((await sql(stack, `select count(*)::int as n from audit_entries`))[0].n, 0);
    t.is((await sql(stack, `select count(*)::int as n from outbox`))[0].n, 0);
  }),
);

test.serial('GET /audit filters by subject, actor, action and time, newest first, with keyset pages', (t) =>
  withStack(async (stack) => {
    const reader = await given.user(stack, { permissions: ['audit:read', 'data:scope:all'] });
    await writeEntries(new UnitOfWork(stack.orm), 25, 'page');
    await new UnitOfWork(stack.orm).run({ actor: reader.id, requestId: 'rid-mine' }, async () => ({
      result: null,
      audit: { action: 'claim.settle', subjectType: 'claim', subjectId: 'c-1', summary: { amountMinor: 100 } },
    }));
    await chainEverything(stack);

    const mine = await stack.app.inject({ method: 'GET', url: `/audit?actorId=${reader.id}`, headers: bearer(reader) });
    t.is(mine.statusCode, 200);
    t.is(mine.json().data.length, 1);
    t.like(mine.json().data[0], {
      action: 'claim.settle',
      subjectType: 'claim',
      subjectId: 'c-1',
      requestId: 'rid-mine',
      actorId: reader.id,
      seq: 26,
    });
    t.is(mine.json().data[0].hash.length, 64);

    const byAction = await stack.app.inject({
      method: 'GET',
      url: '/audit?action=test.write&subjectType=test&subjectId=page-3',
      headers: bearer(reader),
    });
    t.deepEqual(
      byAction.json().data.map((e: { subjectId: string }) => e.subjectId),
      ['page-3'],
    );

    const future = await stack.app.inject({
      method: 'GET',
      url: `/audit?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      headers: bearer(reader),
    });
    t.deepEqual(future.json().data, []);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/audit?action=test.write&limit=10${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await stack.app.inject({ method: 'GET', url, headers: bearer(reader) });
      t.is(page.statusCode, 200);
      t.true(page.json().data.length <= 10);
      t.is(page.json().meta.page.limit, 10);
      seen.push(...page.json().data.map((e: { id: string }) => e.id));
      cursor = page.json().meta.page.nextCursor;
    } while (cursor);
    t.is(seen.length, 25);
    t.is(new Set(seen).size, 25);
  }),
);

test.serial('GET /audit answers 400 for an unknown sort field or a tampered cursor, and 403 without audit:read', (t) =>
  withStack(async (stack) => {
    const reader = await given.user(stack, { permissions: ['audit:read'] });
    const badSort = await stack.app.inject({ method: 'GET', url: '/audit?sort=-password', headers: bearer(reader) });
    t.is(badSort.statusCode, 400);
    t.is(badSort.json().error.details[0].field, 'query.sort.0');
    const forged = Buffer.from(
      JSON.stringify({ s: '-occurredAt', v: ['2020-01-01T00:00:00.000Z', uuidv7()] }),
    ).toString('base64url');
    const badCursor = await stack.app.inject({
      method: 'GET',
      url: `/audit?cursor=${forged}.AAAAAAAAAAAAAAAAAAAAAA`,
      headers: bearer(reader),
    });
    t.is(badCursor.statusCode, 400);
    t.is(badCursor.json().error.details[0].field, 'query.cursor');
    const outsider = await given.user(stack, { permissions: ['system:read'] });
    const denied = await stack.app.inject({ method: 'GET', url: '/audit/verify', headers: bearer(outsider) });
    t.is(denied.statusCode, 403);
    t.deepEqual(denied.json().error.details, { missingPermissions: ['audit:read'] });
  }),
);

test.serial('GET /audit/verify and npm run audit:verify report a broken chain', (t) =>
  withStack(async (stack) => {
    const reader = await given.user(stack, { permissions: ['audit:read', 'data:scope:all'] });
    await writeEntries(new UnitOfWork(stack.orm), 5, 'http');
    await chainEverything(stack);
    const good = await stack.app.inject({ method: 'GET', url: '/audit/verify', headers: bearer(reader) });
    t.deepEqual(good.json().data, { valid: true, checked: 5, firstInvalidSeq: null });
    await sql(stack, `update audit_entries set action = 'forged' where ${AT_SEQ}`, [2]);
    const bad = await stack.app.inject({ method: 'GET', url: '/audit/verify', headers: bearer(reader) });
    t.deepEqual(bad.json().data, { valid: false, checked: 1, firstInvalidSeq: 2 });

    const child = spawn(process.execPath, ['--import=tsx', 'scripts/audit-verify.ts'], {
      env: { ...process.env, DATABASE_URL: stack.config.DATABASE_URL, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const [code] = await once(child, 'exit');
    t.is(code, 1);
    t.regex(out, /BROKEN at seq 2/);
  }),
);

test.serial('a unit of work that ends in a failure commits its change and audit, then throws', (t) =>
  withStack(async (stack) => {
    const uow = new UnitOfWork(stack.orm);
    const id = uuidv7();
    const error = await t.throwsAsync(
      uow.run({ actor: 'system' }, async (em) => {
        await em.execute(`insert into users (id, email, name) values (?, ?, 'Counted')`, [id, `${id}@example.test`]);
        return {
          result: null,
          audit: { action: 'test.counted', subjectType: 'user', subjectId: id },
          failure: new Error('answered as a failure'),
        };
      }),
    );
    t.is(error?.message, 'answered as a failure');
    t.is((await sql(stack, `select count(*)::int as n from users where id = ?`, [id]))[0].n, 1);
    t.is((await sql(stack, `select count(*)::int as n from audit_entries where action = 'test.counted'`))[0].n, 1);
  }),
);
