import type { InferResult } from 'kysely';
import { db, iso, isoOrNull, type Source } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { defineList, listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import type { EndorsementView } from './endorsement.schemas.js';
import { getPolicy } from './policies.service.js';
import type { EndorsementStatus } from './policy.entity.js';

const endorsementRows = (em: Source) =>
  db(em)
    .selectFrom('endorsements as n')
    .select([
      'n.id',
      'n.policy_id',
      'n.endorsement_number',
      'n.status',
      'n.type',
      'n.description',
      'n.changes',
      'n.created_by',
      'n.approved_by',
      'n.approved_at',
      'n.withdrawn_at',
      'n.created_at',
      'n.updated_at',
    ])
    .select((eb) => eb.cast<string>('n.effective_date', 'text').as('effective_date'));

type EndorsementRow = InferResult<ReturnType<typeof endorsementRows>>[number];

export const toEndorsementView = (r: EndorsementRow): EndorsementView => ({
  id: r.id,
  policyId: r.policy_id,
  endorsementNumber: r.endorsement_number,
  status: r.status,
  type: r.type,
  description: r.description,
  effectiveDate: r.effective_date,
  changes: r.changes,
  createdBy: r.created_by,
  approvedBy: r.approved_by,
  approvedAt: isoOrNull(r.approved_at),
  withdrawnAt: isoOrNull(r.withdrawn_at),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export const loadEndorsementView = async (em: Source, id: string) =>
  toEndorsementView(await endorsementRows(em).where('n.id', '=', id).executeTakeFirstOrThrow());

/** A policy's endorsements, oldest first; the scope is the policy's, checked before the list is read. */
export const ENDORSEMENT_LIST = defineList({
  name: 'endorsements',
  rows: endorsementRows,
  sortable: ['createdAt'] as const,
  defaultSort: 'createdAt',
  sortKeys: (eb) => ({ createdAt: eb.ref('n.created_at'), id: eb.ref('n.id') }),
  changedAt: (eb) => eb.ref('n.updated_at'),
  scope: 'none',
  filters: {
    policyId: (eb, policyId: string) => eb('n.policy_id', '=', policyId),
    status: (eb, status: EndorsementStatus) => eb('n.status', '=', status),
  } as const,
});

export async function listEndorsements(
  deps: ServiceDeps,
  act: UserAct,
  input: { policyId: string; status?: EndorsementStatus; updatedSince?: string; page: Keyset<'createdAt'> },
): Promise<Page<EndorsementRow>> {
  await getPolicy(deps, act, { id: input.policyId });
  return listPage(ENDORSEMENT_LIST, readSide(deps, act), act.caller.scope, {
    filters: { policyId: input.policyId, status: input.status, updatedSince: input.updatedSince },
    page: input.page,
  });
}
