import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CLAIM_DOCUMENT_LIST,
  CLAIM_HISTORY_LIST,
  CLAIM_NOTE_LIST,
  CLAIM_PAYMENT_LIST,
  CLAIMS_TAG,
  ClaimDocument,
  ClaimHistoryEntry,
  ClaimNote,
  ClaimPayment,
  listClaimDocuments,
  listClaimHistory,
  listClaimNotes,
  listClaimPayments,
  toDocumentView,
  toHistoryEntry,
  toNoteView,
  toPaymentView,
} from '../../../shared/domain/claims/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { listOf } from '../../http/operation.js';
import { PageQuery } from '../../http/pagination.js';

/** A claim's sub-records, each a paged list, oldest first: GET /claims/{id} embeds only the latest 20 of each. */
const params = Type.Object({ id: IdOf('The claim') });
const querystring = Type.Object(
  { limit: PageQuery.limit, cursor: PageQuery.cursor, updatedSince: PageQuery.updatedSince },
  { additionalProperties: false },
);
const read = { permissions: ['claim:read' as const] };

export const listClaimPaymentsSchema = {
  operationId: 'listClaimPayments',
  tags: CLAIMS_TAG,
  summary: "A claim's payments",
  description: 'Every payment recorded on a claim of your data scope, oldest first; 404 for any other claim.',
  params,
  querystring,
  response: { 200: ListEnvelope(ClaimPayment), ...ERROR_RESPONSES },
};
export const listClaimNotesSchema = {
  operationId: 'listClaimNotes',
  tags: CLAIMS_TAG,
  summary: "A claim's notes",
  description:
    'Every note on a claim of your data scope, oldest first (for data scope agent, the shared notes only); 404 for any other claim.',
  params,
  querystring,
  response: { 200: ListEnvelope(ClaimNote), ...ERROR_RESPONSES },
};
export const listClaimDocumentsSchema = {
  operationId: 'listClaimDocuments',
  tags: CLAIMS_TAG,
  summary: "A claim's documents",
  description: 'Every document added to a claim of your data scope, oldest first; 404 for any other claim.',
  params,
  querystring,
  response: { 200: ListEnvelope(ClaimDocument), ...ERROR_RESPONSES },
};
export const listClaimHistorySchema = {
  operationId: 'listClaimHistory',
  tags: CLAIMS_TAG,
  summary: "A claim's history",
  description:
    "What happened to a claim of your data scope, oldest first (for data scope agent, no internal note's event); 404 for any other claim.",
  params,
  querystring,
  response: { 200: ListEnvelope(ClaimHistoryEntry), ...ERROR_RESPONSES },
};

const claimRecordLists: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/claims/:id/payments',
    { config: read, schema: listClaimPaymentsSchema },
    listOf(CLAIM_PAYMENT_LIST, listClaimPayments, toPaymentView),
  );
  app.get(
    '/claims/:id/notes',
    { config: read, schema: listClaimNotesSchema },
    listOf(CLAIM_NOTE_LIST, listClaimNotes, toNoteView),
  );
  app.get(
    '/claims/:id/documents',
    { config: read, schema: listClaimDocumentsSchema },
    listOf(CLAIM_DOCUMENT_LIST, listClaimDocuments, toDocumentView),
  );
  app.get(
    '/claims/:id/history',
    { config: read, schema: listClaimHistorySchema },
    listOf(CLAIM_HISTORY_LIST, listClaimHistory, toHistoryEntry),
  );
};

export default claimRecordLists;
