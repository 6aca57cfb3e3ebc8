/** Claims: what api/, workers/, scripts/ and other domains may use of the domain. */

import { defineDomain } from '../../kernel/manifest.js';
import {
  CatastropheEvent as CatastropheEventEntity,
  ClaimDocument as ClaimDocumentEntity,
  Claim as ClaimEntity,
  ClaimNote as ClaimNoteEntity,
  ClaimPayment as ClaimPaymentEntity,
} from './claim.entity.js';
import { CLAIM_WORKFLOW } from './claim.workflow.js';
import { CLAIM_ERRORS } from './claims.errors.js';
import { CLAIM_EVENTS, CLAIM_PERMISSIONS } from './claims.permissions.js';

export {
  CATASTROPHE_EVENT_LIST,
  getCatastropheEvent,
  listCatastropheEvents,
  toCatastropheEventView,
  upsertCatastropheEvent,
} from './catastrophe-events.js';
export { CatastropheEvent, CatastropheEventId, UpsertCatastropheEventInput } from './catastrophe-events.schemas.js';
export { CLAIM_LIST, CLAIM_SCOPE_COLUMNS } from './claim.list.js';
export {
  AssignClaimInput,
  CLAIMS_TAG,
  Claim,
  ClaimDetail,
  ClaimFilters,
  ClaimHistoryEntry,
  ClaimReasonInput,
  FileClaimInput,
  RequestClaimDocumentsInput,
  SettleClaimInput,
} from './claim.schemas.js';
export { toClaimView } from './claim.view.js';
export { CLAIM_WORKFLOW } from './claim.workflow.js';
export {
  appealClaim,
  assignClaim,
  closeClaim,
  investigateClaim,
  repudiateClaim,
  requestClaimDocuments,
  reviewClaim,
  settleClaim,
  withdrawClaim,
} from './claim-actions.js';
export { recordClaimPayment } from './claim-payments.js';
export {
  CLAIM_DOCUMENT_LIST,
  CLAIM_HISTORY_LIST,
  CLAIM_NOTE_LIST,
  CLAIM_PAYMENT_LIST,
  listClaimDocuments,
  listClaimHistory,
  listClaimNotes,
  listClaimPayments,
} from './claim-record-lists.js';
export { addClaimDocument, addClaimNote } from './claim-records.js';
export {
  AddClaimDocumentInput,
  AddClaimNoteInput,
  ClaimDocument,
  ClaimNote,
  ClaimPayment,
  MAX_DOCUMENT_BYTES,
  RecordClaimPaymentInput,
} from './claim-records.schemas.js';
export { toDocumentView, toHistoryEntry, toNoteView, toPaymentView } from './claim-records.view.js';
export { fileClaim, getClaim, listClaims } from './claims.service.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const claimsDomain = defineDomain({
  name: 'claims',
  errors: CLAIM_ERRORS,
  workflows: [CLAIM_WORKFLOW],
  permissions: CLAIM_PERMISSIONS,
  publishes: CLAIM_EVENTS,
  entities: [CatastropheEventEntity, ClaimEntity, ClaimDocumentEntity, ClaimNoteEntity, ClaimPaymentEntity],
});
