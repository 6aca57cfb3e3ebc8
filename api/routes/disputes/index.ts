import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DISPUTE_LIST,
  DISPUTE_WORKFLOW,
  getDispute,
  listDisputes,
  raiseDispute,
  resolveDispute,
  toDisputeView,
  triageDispute,
  withdrawDispute,
} from '../../../shared/domain/disputes/index.js';
import { can, list, read, write } from '../../http/operation.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const disputes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/disputes',
    { config: can('dispute:read'), schema: s.listDisputesSchema },
    list(DISPUTE_LIST, listDisputes, toDisputeView),
  );
  app.post(
    '/disputes',
    { config: { ...can('dispute:raise'), errors: ['NOT_FOUND', 'INVARIANT_VIOLATION'] }, schema: s.raiseDisputeSchema },
    write(201, raiseDispute),
  );
  app.get('/disputes/:id', { config: can('dispute:read'), schema: s.getDisputeSchema }, read(getDispute));
  app.post(
    '/disputes/:id/triage',
    actionRoute(DISPUTE_WORKFLOW, 'triage', s.triageDisputeSchema, { errors: ['INVARIANT_VIOLATION'] }),
    write(200, triageDispute),
  );
  app.post(
    '/disputes/:id/resolve',
    actionRoute(DISPUTE_WORKFLOW, 'resolve', s.resolveDisputeSchema),
    write(200, resolveDispute),
  );
  app.post(
    '/disputes/:id/withdraw',
    actionRoute(DISPUTE_WORKFLOW, 'withdraw', s.withdrawDisputeSchema),
    write(200, withdrawDispute),
  );
};

export default disputes;
