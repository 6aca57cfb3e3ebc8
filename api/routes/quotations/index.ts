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
    { config: { ...can('quotation:request'), errors: ['INVARIANT_VIOLATION'] }, schema: s.requestQuotationSchema },
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
    actionRoute(QUOTATION_WORKFLOW, 'respond', s.respondToQuotationSchema, {
      errors: ['INVARIANT_VIOLATION', 'CONFLICT'],
    }),
    write(200, respondToQuotation),
  );
  app.post(
    '/quotations/:id/accept',
    {
      ...actionRoute(QUOTATION_WORKFLOW, 'accept', s.acceptQuotationSchema, {
        errors: ['INVARIANT_VIOLATION', 'CONFLICT'],
      }),
      preValidation: noBodyIsEmpty,
    },
    write(200, acceptQuotation),
  );
  app.post(
    '/quotations/:id/withdraw',
    actionRoute(QUOTATION_WORKFLOW, 'withdraw', s.withdrawQuotationSchema, { errors: ['CONFLICT'] }),
    write(200, withdrawQuotation),
  );
};

export default quotations;
