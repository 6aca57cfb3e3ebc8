import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { NotFoundError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { listPage, type Page } from '../../kernel/list.js';
import { notPositive } from '../../kernel/money.js';
import { readSide } from '../../kernel/reads.js';
import { assertFilterInScope, inScope } from '../../kernel/scope.js';
import { nextNumber } from '../id-patterns/index.js';
import { assertAgent, ownerOf } from '../policies/index.js';
import { Quotation } from './quotation.entity.js';
import { QUOTATION_LIST, QUOTATION_SCOPE_COLUMNS } from './quotation.list.js';
import type { QuotationFilters, QuotationView, RequestQuotationInput } from './quotation.schemas.js';
import { loadQuotationView, type QuotationViewRow, quotationViews, toQuotationView } from './quotation.view.js';

type QuotationSort = (typeof QUOTATION_LIST.sortable)[number];

export async function listQuotations(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: QuotationFilters & { q?: string }; page: Keyset<QuotationSort> },
): Promise<Page<QuotationViewRow>> {
  assertFilterInScope(act.caller.scope, input.filters);
  return listPage(QUOTATION_LIST, readSide(deps, act), act.caller.scope, input);
}

/** A quotation outside the caller's scope is 404, exactly like a missing one. */
export async function getQuotation(deps: ServiceDeps, act: UserAct, input: { id: string }): Promise<QuotationView> {
  const row = await quotationViews(readSide(deps, act))
    .where('q.id', '=', input.id)
    .where((eb) => inScope(eb, act.caller.scope, QUOTATION_SCOPE_COLUMNS))
    .executeTakeFirst();
  if (!row) throw new NotFoundError('No such quotation');
  return toQuotationView(row);
}

/** POST /quotations: a `requested` quotation numbered by the quotation identifier pattern. */
export async function requestQuotation(
  deps: ServiceDeps,
  act: UserAct,
  input: RequestQuotationInput,
): Promise<QuotationView> {
  const problems = notPositive('sumInsured', input.sumInsured);
  if (problems.length) throw new ValidationError(problems);
  const owner = ownerOf(act.caller.scope, input, 'quotations');
  return deps.uow.run(act, async (tx) => {
    await assertAgent(tx, owner.agentId);
    const id = uuidv7();
    const quotationNumber = await nextNumber(tx, 'quotation');
    tx.create(Quotation, {
      id,
      quotationNumber,
      status: 'requested',
      ...owner,
      productCode: input.productCode,
      applicantName: input.applicant.name,
      applicantEmail: input.applicant.email ?? null,
      applicantPhone: input.applicant.phone ?? null,
      applicantNationalId: input.applicant.nationalId ?? null,
      currency: input.sumInsured.currency,
      sumInsuredMinor: input.sumInsured.amountMinor,
    });
    await tx.flush();
    return {
      result: (await loadQuotationView(tx, id))!,
      audit: {
        action: 'quotation.request',
        subjectType: 'quotation',
        subjectId: id,
        summary: { quotationNumber, ...owner, productCode: input.productCode },
      },
    };
  });
}
