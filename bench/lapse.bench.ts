import pg from 'pg';
import { lapsePolicies } from '../shared/domain/policies/index.js';
import { systemAct } from '../shared/kernel/act.js';
import { systemClock } from '../shared/kernel/clock.js';
import { UnitOfWork } from '../shared/kernel/unit-of-work.js';
import { createLogger } from '../shared/logger.js';
import { ratioLine, withBenchDatabase } from './harness.js';

const POLICIES = Number(process.env.BENCH_LAPSE_POLICIES ?? 100_000);

/** The candidates, as both runs find them: active, with an instalment due more than 30 days ago. */
const OVERDUE = `status in ('active', 'reinstated') and exists (
  select 1 from premium_instalments i where i.policy_id = policies.id and i.status = 'due' and i.due_on < current_date - 30)`;

/**
 * The lapse sweep over 100,000 overdue policies against a plain SQL UPDATE of the same rows (status
 * and lapsedAt only, one statement, one commit, on a bare pg client), both here, now, on this
 * machine. The sweep does what the baseline does not: timeline entries, audit entries and
 * policy.lapsed events with each policy's view, in batches of 2,000. Between the runs the rows are
 * put back and the table vacuumed, so both start from the same state.
 */
export async function benchLapse(): Promise<{ ratio: number; line: string }> {
  return withBenchDatabase(async (orm, config) => {
    const em = orm.em.fork();
    const [{ id: agentId }] = await em.execute(
      `insert into users (id, email, name, status) values (gen_random_uuid(), 'lapse-bench@example.test', 'Bench Agent', 'active') returning id`,
    );
    // Fixture rows in two statements: the policies, and one instalment each, due 60 days ago.
    await em.execute(
      `insert into policies (id, policy_number, status, agent_id, insurer_id, product_code, holder_name, currency,
         sum_insured_minor, premium_minor, effective_from, effective_to)
       select gen_random_uuid(), 'POL-L-' || lpad(i::text, 7, '0'), 'active', ?, 'insurer-' || (i % 7),
         'MOTOR', 'Holder ' || md5(i::text), 'KES', 1000000, 50000, current_date - 60, current_date + 304
       from generate_series(1, ?) as i`,
      [agentId, POLICIES],
    );
    await em.execute(
      `insert into premium_instalments (id, policy_id, seq, due_on, amount_minor, currency)
       select gen_random_uuid(), id, 1, effective_from, premium_minor, currency from policies`,
    );
    await em.execute('vacuum analyze policies');
    await em.execute('vacuum analyze premium_instalments');

    // Raw SQL on a bare pg client on purpose: this is the baseline the sweep is measured against.
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    const plainStarted = performance.now();
    const plain = await client.query(`update policies set status = 'lapsed', lapsed_at = now() where ${OVERDUE}`);
    const plainSeconds = (performance.now() - plainStarted) / 1000;
    if (plain.rowCount !== POLICIES) throw new Error(`the plain UPDATE lapsed ${plain.rowCount} of ${POLICIES}`);
    await client.query(`update policies set status = 'active', lapsed_at = null`);
    await client.query('vacuum analyze policies');
    await client.end();

    const log = createLogger('silent', 'bench');
    const deps = { orm, uow: new UnitOfWork(orm), log, config, clock: systemClock };
    const sweepStarted = performance.now();
    const { processed } = await lapsePolicies(deps, systemAct());
    const sweepSeconds = (performance.now() - sweepStarted) / 1000;
    if (processed !== POLICIES) throw new Error(`the sweep lapsed ${processed} of ${POLICIES}`);
    const [{ n }] = await em.execute(`select count(*)::int as n from published_events where type = 'policy.lapsed'`);
    if (n !== POLICIES) throw new Error(`the sweep published ${n} of ${POLICIES} policy.lapsed events`);

    // A ratio of rates: at least 1/3 means the sweep takes at most three times the plain UPDATE.
    const subject = { label: 'lapse sweep', perSecond: POLICIES / sweepSeconds };
    const baseline = { label: 'plain UPDATE', perSecond: POLICIES / plainSeconds };
    return {
      ratio: subject.perSecond / baseline.perSecond,
      line: `${ratioLine(`lapse sweep (${POLICIES} policies)`, subject, baseline, 0.33)}; ${sweepSeconds.toFixed(1)} s vs ${plainSeconds.toFixed(1)} s`,
    };
  });
}
