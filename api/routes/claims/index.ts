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
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import { actionRoute } from '../../http/workflow-route.js';
import claimRecordLists from './record-lists.js';
import * as s from './schemas.js';

const claims: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, paginator } = app;
  await app.register(claimRecordLists);

  app.get('/claims', { config: { permissions: ['claim:read'] }, schema: s.listClaimsSchema }, async (request) => {
    const { limit, cursor, sort, ...filters } = request.query;
    const plan = paginator.plan(CLAIM_LIST, { limit, cursor, sort });
    return paginator.respond(
      request,
      plan,
      await listClaims(deps, userActOf(request), { filters, page: plan }),
      toClaimView,
    );
  });
  app.post('/claims', { config: { permissions: ['claim:file'] }, schema: s.fileClaimSchema }, async (request, reply) =>
    sendWrite(request, reply, 201, (act) => fileClaim(deps, act, request.body)),
  );
  app.get('/claims/:id', { config: { permissions: ['claim:read'] }, schema: s.getClaimSchema }, async (request) =>
    ok(request, await getClaim(deps, userActOf(request), request.params)),
  );

  app.post('/claims/:id/assign', actionRoute(CLAIM_WORKFLOW, 'assign', s.assignClaimSchema), async (request, reply) =>
    sendWrite(request, reply, 200, (act) => assignClaim(deps, act, { ...request.params, ...request.body })),
  );
  app.post(
    '/claims/:id/investigate',
    actionRoute(CLAIM_WORKFLOW, 'investigate', s.investigateClaimSchema),
    async (request, reply) => sendWrite(request, reply, 200, (act) => investigateClaim(deps, act, request.params)),
  );
  app.post(
    '/claims/:id/request-documents',
    {
      ...actionRoute(CLAIM_WORKFLOW, 'requestDocuments', s.requestDocumentsSchema),
      // The body is optional: none is the same as {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => requestClaimDocuments(deps, act, { ...request.params, ...request.body })),
  );
  app.post('/claims/:id/review', actionRoute(CLAIM_WORKFLOW, 'review', s.reviewClaimSchema), async (request, reply) =>
    sendWrite(request, reply, 200, (act) => reviewClaim(deps, act, request.params)),
  );
  app.post('/claims/:id/settle', actionRoute(CLAIM_WORKFLOW, 'settle', s.settleClaimSchema), async (request, reply) =>
    sendWrite(request, reply, 200, (act) => settleClaim(deps, act, { ...request.params, ...request.body })),
  );
  app.post(
    '/claims/:id/repudiate',
    actionRoute(CLAIM_WORKFLOW, 'repudiate', s.repudiateClaimSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => repudiateClaim(deps, act, { ...request.params, ...request.body })),
  );
  app.post(
    '/claims/:id/withdraw',
    actionRoute(CLAIM_WORKFLOW, 'withdraw', s.withdrawClaimSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => withdrawClaim(deps, act, { ...request.params, ...request.body })),
  );
  app.post('/claims/:id/appeal', actionRoute(CLAIM_WORKFLOW, 'appeal', s.appealClaimSchema), async (request, reply) =>
    sendWrite(request, reply, 200, (act) => appealClaim(deps, act, { ...request.params, ...request.body })),
  );
  app.post('/claims/:id/close', actionRoute(CLAIM_WORKFLOW, 'close', s.closeClaimSchema), async (request, reply) =>
    sendWrite(request, reply, 200, (act) => closeClaim(deps, act, request.params)),
  );
  app.post('/claims/:id/payments', actionRoute(CLAIM_WORKFLOW, 'pay', s.recordPaymentSchema), async (request, reply) =>
    sendWrite(request, reply, 201, (act) => recordClaimPayment(deps, act, { ...request.params, ...request.body })),
  );
  app.post(
    '/claims/:id/notes',
    { config: { permissions: ['claim:note'] }, schema: s.addNoteSchema },
    async (request, reply) =>
      sendWrite(request, reply, 201, (act) => addClaimNote(deps, act, { ...request.params, ...request.body })),
  );
  app.post(
    '/claims/:id/documents',
    actionRoute(CLAIM_WORKFLOW, 'addDocument', s.addDocumentSchema),
    async (request, reply) =>
      sendWrite(request, reply, 201, (act) => addClaimDocument(deps, act, { ...request.params, ...request.body })),
  );

  app.post(
    '/catastrophe-events/:id',
    { config: { permissions: ['claim:catastrophe:write'] }, schema: s.upsertCatastropheEventSchema },
    async (request, reply) =>
      sendWrite<Awaited<ReturnType<typeof upsertCatastropheEvent>>>(
        request,
        reply,
        (r) => (r.created ? 201 : 200),
        (act) => upsertCatastropheEvent(deps, act, { ...request.params, ...request.body }),
        (r) => r.event,
      ),
  );
  app.get(
    '/catastrophe-events',
    { config: { permissions: ['claim:read'] }, schema: s.listCatastropheEventsSchema },
    async (request) => {
      const { limit, cursor, sort, q } = request.query;
      const plan = paginator.plan(CATASTROPHE_EVENT_LIST, { limit, cursor, sort });
      return paginator.respond(
        request,
        plan,
        await listCatastropheEvents(deps, userActOf(request), { filters: { q }, page: plan }),
        toCatastropheEventView,
      );
    },
  );
  app.get(
    '/catastrophe-events/:id',
    { config: { permissions: ['claim:read'] }, schema: s.getCatastropheEventSchema },
    async (request) => ok(request, await getCatastropheEvent(deps, userActOf(request), request.params)),
  );
};

export default claims;
