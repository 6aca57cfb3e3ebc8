import { addDays } from '../domain/policies/dates.js';
import { approveEndorsement, createEndorsement } from '../domain/policies/endorsements.js';
import { issuePolicy } from '../domain/policies/policies.service.js';
import { Policy } from '../domain/policies/policy.entity.js';
import { POLICY_WORKFLOW } from '../domain/policies/policy.workflow.js';
import { cancelPolicy, reinstatePolicy } from '../domain/policies/policy-status.js';
import { expirePolicies } from '../domain/policies/policy-sweeps.js';
import { convertRenewal } from '../domain/renewals/convert-renewal.js';
import { generateRenewalForTerm, lapseRenewals, walkDueRenewals } from '../domain/renewals/renewal-sweeps.js';
import { acceptRenewal, declineRenewal, generateRenewal, offerRenewal } from '../domain/renewals/renewals.service.js';
import { type Act, systemAct } from '../kernel/act.js';
import { today as todayOf } from '../kernel/clock.js';
import type { ServiceDeps } from '../kernel/deps.js';
import { transition } from '../kernel/workflow.js';
import { db } from './database.js';
import { actAs, DEMO_ADMIN_EMAIL, DEMO_INSURERS, demoAccounts, FIRST, LAST } from './demo-accounts.js';

/** Deterministic pseudo-random numbers (mulberry32), so every demo install looks the same. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

const PRODUCTS = [
  { code: 'MOTOR-COMP', sum: [80_000_000, 400_000_000], rate: 0.04 },
  { code: 'HOME-CONTENTS', sum: [5_000_000, 60_000_000], rate: 0.012 },
  { code: 'MEDICAL-FAMILY', sum: [50_000_000, 200_000_000], rate: 0.06 },
  { code: 'TRAVEL-SINGLE', sum: [10_000_000, 30_000_000], rate: 0.02 },
] as const;

export interface DemoSummary {
  created: boolean;
  accounts: { email: string; role: string; insurerId: string | null }[];
  policies: Record<string, number>;
  renewals: Record<string, number>;
  endorsements: Record<string, number>;
}

/** A system role's id by name. */

/**
 * A believable data set to explore the API and Bull Board with: two insurers, their staff, agents,
 * an underwriter, a claims handler and a compliance officer; some hundreds of policies over two years
 * in every status, endorsements pending and approved, renewals at every stage. Made through the
 * services (so numbers, timelines and the audit trail are real) and the sweeps the worker runs.
 * Does nothing when the demo admin already exists.
 */
export async function seedDemoData(deps: ServiceDeps, opts: { policies?: number } = {}): Promise<DemoSummary> {
  const exists = await db(deps.orm.em.fork())
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ADMIN_EMAIL)
    .executeTakeFirst();
  if (exists) return { created: false, accounts: [], policies: {}, renewals: {}, endorsements: {} };
  const rnd = random(20261122);
  const accounts = await demoAccounts(deps);
  const underwriter = accounts.find((a) => a.role === 'underwriter')!;
  const agents = accounts.filter((a) => a.role === 'agent');
  const as = (what: string, who = underwriter) => actAs(who.id, `demo-${what}`);
  const today = todayOf(deps.clock);

  const issued: { id: string; effectiveFrom: string; effectiveTo: string }[] = [];
  const count = opts.policies ?? 300;
  for (let i = 0; i < count; i++) {
    const product = rnd.pick(PRODUCTS);
    const sum = Math.round(rnd.int(product.sum[0], product.sum[1]) / 100_000) * 100_000;
    // Terms of a year starting over the last two years (and a few next month): ended, running, ending soon.
    const effectiveFrom = addDays(today, rnd.int(-700, 20));
    const policy = await issuePolicy(deps, as(`issue-${i}`), {
      agentId: rnd.pick(agents).id,
      insurerId: rnd.pick(DEMO_INSURERS),
      productCode: product.code,
      holder: {
        name: `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`,
        email: `holder${i}@mail.example`,
        phone: `+254 7${rnd.int(10, 99)} ${rnd.int(100_000, 999_999)}`,
        nationalId: String(rnd.int(20_000_000, 39_999_999)),
      },
      sumInsured: { amountMinor: sum, currency: 'KES' },
      premium: { amountMinor: Math.round((sum * product.rate) / 100) * 100, currency: 'KES' },
      effectiveFrom,
      effectiveTo: addDays(effectiveFrom, 364),
    });
    issued.push(policy);
  }

  const running = issued.filter((p) => p.effectiveFrom <= today && p.effectiveTo >= addDays(today, 90));
  // Endorsements: some pending, some approved by the administrator (four eyes: not the underwriter who endorsed).
  for (const [i, p] of running.slice(0, 40).entries()) {
    const e = await createEndorsement(deps, as(`endorse-${i}`), {
      policyId: p.id,
      type: i % 2 ? 'holder' : 'coverage',
      description: i % 2 ? 'Holder moved; new phone number' : 'Sum insured raised after valuation',
      effectiveDate: today,
      changes:
        i % 2
          ? { holder: { phone: `+254 722 ${100_000 + i}` } }
          : { sumInsured: { amountMinor: 500_000_000, currency: 'KES' } },
    });
    if (i % 3) await approveEndorsement(deps, as(`approve-${i}`, accounts[0]), { policyId: p.id, endorsementId: e.id });
  }
  // Cancellations, some reinstated; lapses (premium unpaid: a system move), some reinstated.
  for (const [i, p] of running.slice(40, 70).entries()) {
    await cancelPolicy(deps, as(`cancel-${i}`), {
      id: p.id,
      reason: rnd.pick(['Vehicle sold', 'Holder request', 'Duplicate cover']),
    });
    if (i % 3 === 0) await reinstatePolicy(deps, as(`reinstate-${i}`), { id: p.id, reason: 'Cancelled in error' });
  }
  for (const [i, p] of running.slice(70, 90).entries()) {
    await lapse(deps, systemAct(`demo-lapse-${i}`), p.id);
    if (i % 4 === 0)
      await reinstatePolicy(deps, as(`reinstate-lapsed-${i}`), { id: p.id, reason: 'Premium paid late' });
  }

  // What the worker's daily sweeps do: expire ended terms, generate renewals within the lead time.
  await expirePolicies(deps, systemAct('demo-sweep-expire'));
  // The renewals worker's jobs, run here one after the other (the demo runs without a worker).
  await walkDueRenewals(deps, async (batch) => {
    for (const due of batch) await generateRenewalForTerm(deps, systemAct('demo-sweep-renewals'), due);
  });
  const pending = await db(deps.orm.em.fork())
    .selectFrom('renewals')
    .select(['id'])
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  for (const [i, { id }] of pending.entries()) {
    const step = i % 6;
    if (step === 0) continue; // stays pending
    if (step === 5) {
      await declineRenewal(deps, as(`decline-${i}`), { id, reason: 'Holder found cheaper cover' });
      continue;
    }
    await offerRenewal(deps, as(`offer-${i}`), {
      id,
      premium: { amountMinor: rnd.int(20, 60) * 100_000, currency: 'KES' },
      offerExpiresAt: new Date(Date.now() + rnd.int(7, 30) * 86_400_000).toISOString(),
    });
    if (step >= 2) await acceptRenewal(deps, as(`accept-${i}`), { id });
    if (step >= 3) await convertRenewal(deps, as(`convert-${i}`), { id });
  }

  // Renewals nobody offered before the policy ended: lapsed by the sweep.
  const ended = issued
    .filter((p) => p.effectiveTo < addDays(today, -30) && p.effectiveTo > addDays(today, -200))
    .slice(0, 4);
  for (const [i, p] of ended.entries()) await generateRenewal(deps, as(`late-renewal-${i}`), { policyId: p.id });
  await lapseRenewals(deps, systemAct('demo-sweep-lapse'));

  const tally = async (table: 'policies' | 'renewals' | 'endorsements') =>
    Object.fromEntries(
      (
        await db(deps.orm.em.fork())
          .selectFrom(table)
          .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
          .groupBy('status')
          .orderBy('status')
          .execute()
      ).map((r) => [r.status, Number(r.n)]),
    );
  return {
    created: true,
    accounts: accounts.map(({ email, role, insurerId }) => ({ email, role, insurerId })),
    policies: await tally('policies'),
    renewals: await tally('renewals'),
    endorsements: await tally('endorsements'),
  };
}

/** A lapse, as the premium registry would report it: the workflow's system move. */
async function lapse(deps: ServiceDeps, act: Act, policyId: string): Promise<void> {
  await deps.uow.run(act, async (em) => {
    const policy = await em.findOneOrFail(Policy, policyId);
    const from = policy.status;
    Object.assign(policy, { status: transition(POLICY_WORKFLOW, 'lapse', from), lapsedAt: new Date() });
    return {
      result: null,
      audit: {
        action: POLICY_WORKFLOW.steps.lapse.audit,
        subjectType: 'policy',
        subjectId: policyId,
        summary: { from, reason: 'premium unpaid' },
      },
      events: [
        {
          stream: { type: 'policy', id: policyId },
          type: 'policy.lapsed',
          subjectType: 'policy',
          subjectId: policyId,
          data: { from },
        },
      ],
    };
  });
}
