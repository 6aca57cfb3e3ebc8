import { type Act, systemAct, type UserAct } from '../../kernel/act.js';
import { DEMO_INSURERS, DEMO_NAMES, type DemoContext, type DemoStep } from '../../kernel/demo.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { transition } from '../../kernel/workflow.js';
import { arrearsOf, recordPremiumPayment } from '../premiums/index.js';
import { addDays } from './dates.js';
import { approveEndorsement, createEndorsement } from './endorsements.js';
import { issuePolicy } from './policies.service.js';
import { Policy } from './policy.entity.js';
import { POLICY_WORKFLOW } from './policy.workflow.js';
import { cancelPolicy, reinstatePolicy } from './policy-status.js';
import { expirePolicies } from './policy-sweeps.js';

const PRODUCTS = [
  { code: 'MOTOR-COMP', sum: [80_000_000, 400_000_000], rate: 0.04 },
  { code: 'HOME-CONTENTS', sum: [5_000_000, 60_000_000], rate: 0.012 },
  { code: 'MEDICAL-FAMILY', sum: [50_000_000, 200_000_000], rate: 0.06 },
  { code: 'TRAVEL-SINGLE', sum: [10_000_000, 30_000_000], rate: 0.02 },
] as const;

/**
 * Policies over two years in every status: issued by the underwriter for the agents, endorsements
 * pending and approved (four eyes: by the administrator), cancellations and lapses, some reinstated,
 * ended terms expired by the sweep the worker runs.
 */
export const policiesDemo: DemoStep = {
  after: ['identity'],
  tally: ['policies', 'endorsements'],
  async run(context: DemoContext) {
    const { deps, random: rnd, today, accounts } = context;
    const underwriter = accounts.find((a) => a.role === 'underwriter')!;
    const agents = accounts.filter((a) => a.role === 'agent');
    const as = (what: string, who = underwriter) => context.actAs(who.id, `demo-${what}`);
    for (let i = 0; i < context.size.policies; i++) {
      const product = rnd.pick(PRODUCTS);
      const sum = Math.round(rnd.int(product.sum[0], product.sum[1]) / 100_000) * 100_000;
      // Terms of a year starting over the last two years (and a few next month): ended, running, ending soon.
      const effectiveFrom = addDays(today, rnd.int(-700, 20));
      const policy = await issuePolicy(deps, as(`issue-${i}`), {
        agentId: rnd.pick(agents).id,
        insurerId: rnd.pick(DEMO_INSURERS),
        productCode: product.code,
        holder: {
          name: `${rnd.pick(DEMO_NAMES.first)} ${rnd.pick(DEMO_NAMES.last)}`,
          email: `holder${i}@mail.example`,
          phone: `+254 7${rnd.int(10, 99)} ${rnd.int(100_000, 999_999)}`,
          nationalId: String(rnd.int(20_000_000, 39_999_999)),
        },
        sumInsured: { amountMinor: sum, currency: 'KES' },
        premium: { amountMinor: Math.round((sum * product.rate) / 100) * 100, currency: 'KES' },
        effectiveFrom,
        effectiveTo: addDays(effectiveFrom, 364),
        // Every fifth quarterly: a few instalments over the year, and arrears to find below.
        premiumFrequency: i % 5 === 0 ? 'quarterly' : 'annual',
      });
      context.issued.push(policy);
      // Premiums are paid as they fall due, except on every seventh policy: those are in arrears.
      if (i % 7 !== 3) await payArrears(deps, as(`pay-${i}`), policy.id, today, `DEMO-${i}`);
    }

    const running = context.issued.filter((p) => p.effectiveFrom <= today && p.effectiveTo >= addDays(today, 90));
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
      if (i % 3)
        await approveEndorsement(deps, as(`approve-${i}`, accounts[0]), { policyId: p.id, endorsementId: e.id });
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
      if (i % 4 === 0) {
        // The arrears are paid first: a lapsed policy is reinstated only then.
        await payArrears(deps, as(`pay-late-${i}`), p.id, today, `DEMO-LATE-${i}`);
        await reinstatePolicy(deps, as(`reinstate-lapsed-${i}`), { id: p.id, reason: 'Premium paid late' });
      }
    }
    // What the worker's daily sweep does: expire ended terms.
    await expirePolicies(deps, systemAct('demo-sweep-expire'));
  },
};

/** Pays every instalment of the policy due before `today`, as its holder would, one payment each. */
async function payArrears(deps: ServiceDeps, act: UserAct, policyId: string, today: string, reference: string) {
  for (const due of await arrearsOf(deps.orm.em, policyId, today))
    await recordPremiumPayment(deps, act, {
      id: policyId,
      instalmentId: due.instalmentId,
      amount: { amountMinor: due.remainingMinor, currency: due.currency },
      method: 'mobile_money',
      reference: `${reference}-${due.seq}`,
      paidAt: new Date().toISOString(),
    });
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
