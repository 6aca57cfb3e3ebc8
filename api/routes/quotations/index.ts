import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  acceptQuotation,
  getQuotation,
  listQuotations,
  QUOTATION_LIST,
  QUOTATION_WORKFLOW,
  requestQuotation,
  requestQuotationSweep,
  respondToQuotation,
  toQuotationView,
  withdrawQuotation,
} from '../../../shared/domain/quotations/index.js';
import { can, list, noBodyIsEmpty, read, write } from '../../http/operation.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const quotations: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/quotations',
    { config: can('quotation:read'), schema: s.listQuotationsSchema },
    list(QUOTATION_LIST, listQuotations, toQuotationView),
  );
  app.post(
    '/quotations',
    { config: can('quotation:request'), schema: s.requestQuotationSchema },
    write(201, requestQuotation),
  );
  app.post(
    '/quotations/sweep/expire',
    { config: can('quotation:expire'), schema: s.sweepQuotationsSchema },
    write((r) => (r.queued ? 201 : 200), requestQuotationSweep, {
      also: (request) => ({ queue: request.server.queues.get('quotations') }),
      present: ({ jobId, state }) => ({ jobId, state }),
    }),
  );
  app.get('/quotations/:id', { config: can('quotation:read'), schema: s.getQuotationSchema }, read(getQuotation));
  app.post(
    '/quotations/:id/respond',
    actionRoute(QUOTATION_WORKFLOW, 'respond', s.respondToQuotationSchema),
    write(200, respondToQuotation),
  );
  app.post(
    '/quotations/:id/accept',
    { ...actionRoute(QUOTATION_WORKFLOW, 'accept', s.acceptQuotationSchema), preValidation: noBodyIsEmpty },
    write(200, acceptQuotation),
  );
  app.post(
    '/quotations/:id/withdraw',
    actionRoute(QUOTATION_WORKFLOW, 'withdraw', s.withdrawQuotationSchema),
    write(200, withdrawQuotation),
  );
};

export default quotations;
