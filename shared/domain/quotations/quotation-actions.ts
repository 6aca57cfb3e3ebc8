import { raw } from '@mikro-orm/core';
import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions, runAction } from '../../kernel/action.js';
import { today } from '../../kernel/clock.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { DomainRuleError, ValidationError } from '../../kernel/errors.js';
import { type Money, notPositive } from '../../kernel/money.js';
import { scopeFilter } from '../../kernel/scope.js';
import { addDays, createPolicy } from '../policies/index.js';
import { type IQuotation, Quotation, type QuotationStatus } from './quotation.entity.js';
import { QUOTATION_SCOPE_FIELDS } from './quotation.list.js';
import type { QuotationView } from './quotation.schemas.js';
import { loadQuotationView } from './quotation.view.js';
import { QUOTATION_WORKFLOW } from './quotation.workflow.js';

// What is done to a quotation once requested: quoted, accepted (issuing the policy), withdrawn.

/** A quoted quotation whose validUntil day (UTC) has ended is expired, whether or not the sweep has marked it yet. */
const effectiveStatus = (quotation: IQuotation, todayUtc: string): QuotationStatus =>
  quotation.status === 'quoted' && quotation.validUntil && quotation.validUntil < todayUtc
    ? 'expired'
    : quotation.status;

/**
 * A quotation's actions, on a quotation in the caller's scope from its effective status, answered with
 * the quotation. Read without a row lock: the version decides between concurrent changes, and the one
 * that committed second answers 409 CONFLICT.
 */
const QUOTATION_ACTIONS = defineActions({
  entity: Quotation,
  subject: 'quotation',
  workflow: QUOTATION_WORKFLOW,
  lock: 'version',
  within: ({ act }: At<ServiceDeps, UserAct>) => scopeFilter(act.caller.scope, QUOTATION_SCOPE_FIELDS),
  stateOf: (quotation, { deps }) => effectiveStatus(quotation, today(deps.clock)),
  answer: async (em, quotation) => (await loadQuotationView(em, quotation.id))!,
  published: {
    owner: (quotation) => ({ agentId: quotation.agentId, insurerId: quotation.insurerId }),
    data: (em, quotation) => loadQuotationView(em, quotation.id),
  },
});

/** requested → quoted: a premium in the sum insured's currency, valid through validUntil (today or later, UTC), terms. */
export async function respondToQuotation(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; premium: Money; validUntil: string; terms: string },
): Promise<QuotationView> {
  const zero = notPositive('premium', input.premium);
  if (zero.length) throw new ValidationError(zero);
  return runAction({ deps, act }, QUOTATION_ACTIONS, {
    id: input.id,
    action: 'respond',
    apply: (quotation) => {
      const todayUtc = today(deps.clock);
      if (input.validUntil < todayUtc)
        throw new ValidationError([
          { field: 'validUntil', message: `must be today (${todayUtc}, UTC) or later`, constraint: 'notPast' },
        ]);
      if (input.premium.currency !== quotation.currency)
        throw new DomainRuleError(
          'INVARIANT_VIOLATION',
          `premium must be in the currency of sumInsured, ${quotation.currency}`,
          { field: 'premium.currency' },
        );
      Object.assign(quotation, {
        premiumMinor: input.premium.amountMinor,
        validUntil: input.validUntil,
        terms: input.terms,
        quotedAt: raw<Date>('now()'),
      });
      return { summary: { premium: input.premium, validUntil: input.validUntil } };
    },
  });
}

/** The last day of a one-year term from `from`: a year later less a day (29 February runs to 28 February). */
export function oneYearFrom(from: string): string {
  const [y, m, d] = from.split('-').map(Number);
  return addDays(new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10), -1);
}

/**
 * quoted (and not expired) → accepted, issuing the policy in the same transaction: the applicant as
 * holder, the quoted premium, a one-year term from effectiveFrom (today, UTC, unless given; never in
 * the past). The policy's timeline starts with `policy.issued` naming the quotation.
 */
export async function acceptQuotation(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; effectiveFrom?: string },
): Promise<QuotationView> {
  return runAction({ deps, act }, QUOTATION_ACTIONS, {
    id: input.id,
    action: 'accept',
    apply: async (quotation, tx) => {
      const todayUtc = today(deps.clock);
      const effectiveFrom = input.effectiveFrom ?? todayUtc;
      if (effectiveFrom < todayUtc)
        throw new ValidationError([
          { field: 'effectiveFrom', message: `must be today (${todayUtc}, UTC) or later`, constraint: 'notPast' },
        ]);
      const effectiveTo = oneYearFrom(effectiveFrom);
      // Written with the quotation's change: if a concurrent change won, the version check makes it 409 and this rolls back.
      const policy = await createPolicy(
        tx,
        {
          agentId: quotation.agentId,
          insurerId: quotation.insurerId,
          productCode: quotation.productCode,
          holder: {
            name: quotation.applicantName,
            email: quotation.applicantEmail,
            phone: quotation.applicantPhone,
            nationalId: quotation.applicantNationalId,
          },
          currency: quotation.currency,
          sumInsuredMinor: quotation.sumInsuredMinor,
          premiumMinor: quotation.premiumMinor!,
          effectiveFrom,
          effectiveTo,
        },
        { quotationId: quotation.id, quotationNumber: quotation.quotationNumber },
      );
      Object.assign(quotation, { policyId: policy.id, acceptedAt: raw<Date>('now()') });
      return {
        summary: { policyId: policy.id, policyNumber: policy.policyNumber, effectiveFrom, effectiveTo },
        audit: [policy.audit],
        events: [policy.event],
        publish: [policy.published],
      };
    },
  });
}

/** requested or quoted → withdrawn; from accepted, expired or withdrawn 422 INVALID_TRANSITION. */
export async function withdrawQuotation(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string },
): Promise<QuotationView> {
  return runAction({ deps, act }, QUOTATION_ACTIONS, {
    id: input.id,
    action: 'withdraw',
    apply: (quotation) => {
      Object.assign(quotation, { withdrawnAt: raw<Date>('now()') });
      return {};
    },
  });
}
