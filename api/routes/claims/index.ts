import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  addClaimDocument,
  addClaimNote,
  appealClaim,
  assignClaim,
  CATASTROPHE_EVENT_LIST,
  CLAIM_LIST,
  CLAIM_WORKFLOW,
  closeClaim,
  fileClaim,
  getCatastropheEvent,
  getClaim,
  investigateClaim,
  listCatastropheEvents,
  listClaims,
  recordClaimPayment,
  repudiateClaim,
  requestClaimDocuments,
  reviewClaim,
  settleClaim,
  toCatastropheEventView,
  toClaimView,
  upsertCatastropheEvent,
  withdrawClaim,
} from '../../../shared/domain/claims/index.js';
import { can, list, noBodyIsEmpty, read, write } from '../../http/operation.js';
import { actionRoute } from '../../http/workflow-route.js';
import claimRecordLists from './record-lists.js';
import * as s from './schemas.js';

const claims: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(claimRecordLists);

  app.get(
    '/claims',
    { config: can('claim:read'), schema: s.listClaimsSchema },
    list(CLAIM_LIST, listClaims, toClaimView),
  );
  app.post(
    '/claims',
    {
      config: {
        ...can('claim:file'),
        errors: ['NOT_FOUND', 'POLICY_NOT_ACTIVE', 'INCIDENT_OUTSIDE_COVER', 'INVARIANT_VIOLATION'],
      },
      schema: s.fileClaimSchema,
    },
    write(201, fileClaim),
  );
  app.get('/claims/:id', { config: can('claim:read'), schema: s.getClaimSchema }, read(getClaim));

  app.post(
    '/claims/:id/assign',
    actionRoute(CLAIM_WORKFLOW, 'assign', s.assignClaimSchema, { errors: ['INVARIANT_VIOLATION'] }),
    write(200, assignClaim),
  );
  app.post(
    '/claims/:id/investigate',
    actionRoute(CLAIM_WORKFLOW, 'investigate', s.investigateClaimSchema),
    write(200, investigateClaim),
  );
  app.post(
    '/claims/:id/request-documents',
    { ...actionRoute(CLAIM_WORKFLOW, 'requestDocuments', s.requestDocumentsSchema), preValidation: noBodyIsEmpty },
    write(200, requestClaimDocuments),
  );
  app.post('/claims/:id/review', actionRoute(CLAIM_WORKFLOW, 'review', s.reviewClaimSchema), write(200, reviewClaim));
  app.post(
    '/claims/:id/settle',
    actionRoute(CLAIM_WORKFLOW, 'settle', s.settleClaimSchema, {
      errors: ['INVARIANT_VIOLATION', 'SETTLEMENT_EXCEEDS_COVER'],
    }),
    write(200, settleClaim),
  );
  app.post(
    '/claims/:id/repudiate',
    actionRoute(CLAIM_WORKFLOW, 'repudiate', s.repudiateClaimSchema),
    write(200, repudiateClaim),
  );
  app.post(
    '/claims/:id/withdraw',
    actionRoute(CLAIM_WORKFLOW, 'withdraw', s.withdrawClaimSchema),
    write(200, withdrawClaim),
  );
  app.post(
    '/claims/:id/appeal',
    actionRoute(CLAIM_WORKFLOW, 'appeal', s.appealClaimSchema, { errors: ['APPEAL_LIMIT_REACHED'] }),
    write(200, appealClaim),
  );
  app.post(
    '/claims/:id/close',
    actionRoute(CLAIM_WORKFLOW, 'close', s.closeClaimSchema, { errors: ['OUTSTANDING_PAYMENTS'] }),
    write(200, closeClaim),
  );
  app.post(
    '/claims/:id/payments',
    actionRoute(CLAIM_WORKFLOW, 'pay', s.recordPaymentSchema, {
      errors: ['INVARIANT_VIOLATION', 'PAYMENT_LIMIT_EXCEEDED', 'KYC_NOT_VERIFIED', 'PAYMENT_EXCEEDS_SETTLEMENT'],
    }),
    write(201, recordClaimPayment),
  );
  app.post('/claims/:id/notes', { config: can('claim:note'), schema: s.addNoteSchema }, write(201, addClaimNote));
  app.post(
    '/claims/:id/documents',
    actionRoute(CLAIM_WORKFLOW, 'addDocument', s.addDocumentSchema),
    write(201, addClaimDocument),
  );

  app.post(
    '/catastrophe-events/:id',
    { config: { ...can('claim:catastrophe:write'), errors: ['CONFLICT'] }, schema: s.upsertCatastropheEventSchema },
    write((r) => (r.created ? 201 : 200), upsertCatastropheEvent, { present: (r) => r.event }),
  );
  app.get(
    '/catastrophe-events',
    { config: can('claim:read'), schema: s.listCatastropheEventsSchema },
    list(CATASTROPHE_EVENT_LIST, listCatastropheEvents, toCatastropheEventView),
  );
  app.get(
    '/catastrophe-events/:id',
    { config: can('claim:read'), schema: s.getCatastropheEventSchema },
    read(getCatastropheEvent),
  );
};

export default claims;
