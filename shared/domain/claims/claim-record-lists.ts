import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { defineList, listPage } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import type { DataScope } from '../../kernel/scope.js';
import { eventVisibleTo, visibilitiesFor } from '../access/index.js';
import { documentRows, historyRows, noteRows, paymentRows } from './claim-records.view.js';
import { assertClaimVisible } from './claims.service.js';

/**
 * A claim's payments, notes, documents and history, each a paged list, oldest first (GET /claims/{id}
 * embeds only the latest 20 of each). Scope is the claim's: checked before a list is read.
 */
const byCreation = { sortable: ['createdAt'] as const, defaultSort: 'createdAt', scope: 'none' as const };

export const CLAIM_PAYMENT_LIST = defineList({
  name: 'claim-payments',
  rows: paymentRows,
  ...byCreation,
  sortKeys: (eb) => ({ createdAt: eb.ref('created_at'), id: eb.ref('id') }),
  // Payments, notes and documents are never changed once written.
  changedAt: (eb) => eb.ref('created_at'),
  filters: { claimId: (eb, claimId: string) => eb('claim_id', '=', claimId) } as const,
});

export const CLAIM_NOTE_LIST = defineList({
  name: 'claim-notes',
  rows: noteRows,
  ...byCreation,
  sortKeys: (eb) => ({ createdAt: eb.ref('created_at'), id: eb.ref('id') }),
  changedAt: (eb) => eb.ref('created_at'),
  filters: {
    claimId: (eb, claimId: string) => eb('claim_id', '=', claimId),
    visibleTo: (eb, scope: DataScope) => eb('visibility', 'in', visibilitiesFor(scope)),
  } as const,
});

export const CLAIM_DOCUMENT_LIST = defineList({
  name: 'claim-documents',
  rows: documentRows,
  ...byCreation,
  sortKeys: (eb) => ({ createdAt: eb.ref('created_at'), id: eb.ref('id') }),
  changedAt: (eb) => eb.ref('created_at'),
  filters: { claimId: (eb, claimId: string) => eb('claim_id', '=', claimId) } as const,
});

/** Its only order is the order of writing (seq), so both the sort key and the tie-breaker are seq. */
export const CLAIM_HISTORY_LIST = defineList({
  name: 'claim-history',
  rows: historyRows,
  sortable: ['occurredAt'] as const,
  defaultSort: 'occurredAt',
  scope: 'none',
  sortKeys: (eb) => ({ occurredAt: eb.ref('e.seq'), id: eb.ref('e.seq') }),
  changedAt: (eb) => eb.ref('e.occurred_at'),
  filters: {
    claimId: (eb, claimId: string) => eb('e.stream_id', '=', claimId),
    visibleTo: (eb, scope: DataScope) => eventVisibleTo(eb, scope, 'e.data'),
  } as const,
});

interface RecordsInput<F extends string> {
  id: string;
  updatedSince?: string;
  page: Keyset<F>;
}

export async function listClaimPayments(deps: ServiceDeps, act: UserAct, input: RecordsInput<'createdAt'>) {
  await assertClaimVisible(readSide(deps, act), act.caller.scope, input.id);
  return listPage(CLAIM_PAYMENT_LIST, readSide(deps, act), act.caller.scope, {
    filters: { claimId: input.id, updatedSince: input.updatedSince },
    page: input.page,
  });
}

/** An agent's list holds the shared notes only, as the claim shows them. */
export async function listClaimNotes(deps: ServiceDeps, act: UserAct, input: RecordsInput<'createdAt'>) {
  await assertClaimVisible(readSide(deps, act), act.caller.scope, input.id);
  return listPage(CLAIM_NOTE_LIST, readSide(deps, act), act.caller.scope, {
    filters: { claimId: input.id, visibleTo: act.caller.scope, updatedSince: input.updatedSince },
    page: input.page,
  });
}

export async function listClaimDocuments(deps: ServiceDeps, act: UserAct, input: RecordsInput<'createdAt'>) {
  await assertClaimVisible(readSide(deps, act), act.caller.scope, input.id);
  return listPage(CLAIM_DOCUMENT_LIST, readSide(deps, act), act.caller.scope, {
    filters: { claimId: input.id, updatedSince: input.updatedSince },
    page: input.page,
  });
}

/** An agent's history holds no event of an internal note, as the claim shows it. */
export async function listClaimHistory(deps: ServiceDeps, act: UserAct, input: RecordsInput<'occurredAt'>) {
  await assertClaimVisible(readSide(deps, act), act.caller.scope, input.id);
  return listPage(CLAIM_HISTORY_LIST, readSide(deps, act), act.caller.scope, {
    filters: { claimId: input.id, visibleTo: act.caller.scope, updatedSince: input.updatedSince },
    page: input.page,
  });
}
