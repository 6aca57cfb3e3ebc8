import { type InferResult, sql } from 'kysely';
import { db, iso, type Source } from '../../db/database.js';
import type { QuotationView } from './quotation.schemas.js';

/** Quotations as views, to be narrowed with where clauses. */
export function quotationViews(em: Source) {
  return db(em)
    .selectFrom('quotations as q')
    .select([
      'q.id',
      'q.quotation_number',
      'q.status',
      'q.agent_id',
      'q.insurer_id',
      'q.product_code',
      'q.applicant_name',
      'q.applicant_email',
      'q.applicant_phone',
      'q.applicant_national_id',
      'q.currency',
      'q.terms',
      'q.policy_id',
      'q.created_at',
      'q.updated_at',
    ])
    .select((eb) => [
      sql<string>`${eb.ref('q.sum_insured_minor')}::text`.as('sum_insured_minor'),
      sql<string | null>`${eb.ref('q.premium_minor')}::text`.as('premium_minor'),
      sql<string | null>`${eb.ref('q.valid_until')}::text`.as('valid_until'),
    ]);
}

export type QuotationViewRow = InferResult<ReturnType<typeof quotationViews>>[number];

export function toQuotationView(r: QuotationViewRow): QuotationView {
  return {
    id: r.id,
    quotationNumber: r.quotation_number,
    status: r.status,
    agentId: r.agent_id,
    insurerId: r.insurer_id,
    productCode: r.product_code,
    applicant: {
      name: r.applicant_name,
      email: r.applicant_email,
      phone: r.applicant_phone,
      nationalId: r.applicant_national_id,
    },
    sumInsured: { amountMinor: Number(r.sum_insured_minor), currency: r.currency },
    premium: r.premium_minor === null ? null : { amountMinor: Number(r.premium_minor), currency: r.currency },
    validUntil: r.valid_until,
    terms: r.terms,
    policyId: r.policy_id,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function loadQuotationView(em: Source, id: string): Promise<QuotationView | null> {
  const row = await quotationViews(em).where('q.id', '=', id).executeTakeFirst();
  return row ? toQuotationView(row) : null;
}
