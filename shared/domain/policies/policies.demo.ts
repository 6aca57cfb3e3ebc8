import { db } from '../../db/database.js';
import { systemAct, type UserAct } from '../../kernel/act.js';
import { DEMO_INSURERS, DEMO_NAMES, type DemoContext, type DemoStep } from '../../kernel/demo.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { arrearsOf, recordPremiumPayment } from '../premiums/index.js';
import { addDays } from './dates.js';
import { approveEndorsement, createEndorsement } from './endorsements.js';
import { lapsePolicies } from './lapse-sweep.js';
import { issuePolicy } from './policies.service.js';
import { cancelPolicy, reinstatePolicy } from './policy-status.js';
import { expirePolicies } from './policy-sweeps.js';

const PRODUCTS = [
  { code: 'MOTOR-COMP', sum: [80_000_000, 400_000_000], rate: 0.04 },
  { code: 'HOME-CONTENTS', sum: [5_000_000, 60_000_000], rate: 0.012 },
  { code: 'MEDICAL-FAMILY', sum: [50_000_000, 200_000_000], rate: 0.06 },
  { code: 'TRAVEL-SINGLE', sum: [10_000_000, 30_000_000], rate: 0.02 },
] as const;

/** The holders of the two policies docs/premiums.md points a newcomer to (`GET /policies?q=overdue`, `?q=lapsed`). */
const DEMO_OVERDUE_HOLDER = 'Zuri Overdue';
const DEMO_LAPSED_HOLDER = 'Jabari Lapsed';

/**
 * Policies over two years in every status: issued by the underwriter for the agents, endorsements
 * pending and approved (four eyes: by the administrator), cancellations, some reinstated, and the
 * worker's daily sweeps: ended terms expired, premiums overdue past their grace lapsed (some of those
 * reinstated once paid). Two policies show the premium states whatever the random draws:
 * DEMO_OVERDUE_HOLDER's and DEMO_LAPSED_HOLDER's (`premiumShowcase`).
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
    // Cancellations, some reinstated.
    for (const [i, p] of running.slice(40, 70).entries()) {
      await cancelPolicy(deps, as(`cancel-${i}`), {
        id: p.id,
        reason: rnd.pick(['Vehicle sold', 'Holder request', 'Duplicate cover']),
      });
      if (i % 3 === 0) await reinstatePolicy(deps, as(`reinstate-${i}`), { id: p.id, reason: 'Cancelled in error' });
    }
    const showcase = await premiumShowcase(context, as);
    // What the worker's daily sweeps do, in their order: expire ended terms, then lapse the policies
    // whose premium is overdue past the grace period (the unpaid ones above, and DEMO_LAPSED_HOLDER's).
    await expirePolicies(deps, systemAct('demo-sweep-expire'));
    await lapsePolicies(deps, systemAct('demo-sweep-lapse-policies'));
    const lapsed = await db(deps.orm.em.fork())
      .selectFrom('policies')
      .select('id')
      .where('status', '=', 'lapsed')
      .where('id', '!=', showcase.lapsedId)
      .orderBy('id')
      .execute();
    for (const [i, { id }] of lapsed.entries()) {
      if (i % 4) continue;
      // The arrears are paid first: a lapsed policy is reinstated only then.
      await payArrears(deps, as(`pay-late-${i}`), id, today, `DEMO-LATE-${i}`);
      await reinstatePolicy(deps, as(`reinstate-lapsed-${i}`), { id, reason: 'Premium paid late' });
    }
  },
};

/**
 * The two policies docs/premiums.md shows, issued by fixed dates (no random draw, so the rest of the
 * demo is unchanged): DEMO_OVERDUE_HOLDER's, quarterly from 100 days ago with its first instalment
 * paid and its second (8 to 11 days ago) overdue, within the grace period, so it stays active; and
 * DEMO_LAPSED_HOLDER's, monthly from 45 days ago with nothing paid, its first instalment overdue past
 * the grace period, for the lapse sweep that follows. Answers the lapsed-to-be policy's id.
 */
async function premiumShowcase(context: DemoContext, as: (what: string) => UserAct): Promise<{ lapsedId: string }> {
  const { deps, today, accounts } = context;
  const agent = accounts.find((a) => a.role === 'agent')!;
  const issue = (what: string, name: string, effectiveFrom: string, premiumFrequency: 'quarterly' | 'monthly') =>
    issuePolicy(deps, as(`issue-${what}`), {
      agentId: agent.id,
      insurerId: DEMO_INSURERS[0],
      productCode: 'HOME-CONTENTS',
      holder: { name, email: `${what}@mail.example`, phone: '+254 700 000000', nationalId: '20000000' },
      sumInsured: { amountMinor: 40_000_000, currency: 'KES' },
      premium: { amountMinor: 4_800_000, currency: 'KES' },
      effectiveFrom,
      effectiveTo: addDays(effectiveFrom, 364),
      premiumFrequency,
    });
  const overdue = await issue('overdue-holder', DEMO_OVERDUE_HOLDER, addDays(today, -100), 'quarterly');
  // Paid: what fell due over 30 days ago (the first instalment); the second is left overdue.
  await payArrears(deps, as('pay-overdue-holder'), overdue.id, addDays(today, -30), 'DEMO-OVERDUE');
  const lapsing = await issue('lapsed-holder', DEMO_LAPSED_HOLDER, addDays(today, -45), 'monthly');
  context.issued.push(overdue, lapsing);
  return { lapsedId: lapsing.id };
}

/** Pays every instalment of the policy due before `day`, as its holder would, one payment each. */
async function payArrears(deps: ServiceDeps, act: UserAct, policyId: string, day: string, reference: string) {
  for (const due of await arrearsOf(deps.orm.em, policyId, day))
    await recordPremiumPayment(deps, act, {
      id: policyId,
      instalmentId: due.instalmentId,
      amount: { amountMinor: due.remainingMinor, currency: due.currency },
      method: 'mobile_money',
      reference: `${reference}-${due.seq}`,
      paidAt: new Date().toISOString(),
    });
}
