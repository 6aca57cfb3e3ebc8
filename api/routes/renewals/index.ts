import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { POLICY_WORKFLOW } from '../../../shared/domain/policies/index.js';
import {
  acceptRenewal,
  convertRenewal,
  declineRenewal,
  generateRenewal,
  getRenewal,
  listRenewals,
  offerRenewal,
  RENEWAL_LIST,
  RENEWAL_WORKFLOW,
  toRenewalView,
} from '../../../shared/domain/renewals/index.js';
import { can, list, read, write } from '../../http/operation.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const renewals: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/renewals',
    { config: can('renewal:read'), schema: s.listRenewalsSchema },
    list(RENEWAL_LIST, listRenewals, toRenewalView),
  );
  app.get('/renewals/:id', { config: can('renewal:read'), schema: s.getRenewalSchema }, read(getRenewal));
  app.post(
    '/renewals/policies/:policyId/generate',
    actionRoute(POLICY_WORKFLOW, 'generateRenewal', s.generateRenewalSchema, {
      errors: ['INVARIANT_VIOLATION', 'CONFLICT', 'ARREARS_OUTSTANDING'],
    }),
    write(201, generateRenewal),
  );
  app.post(
    '/renewals/:id/offer',
    actionRoute(RENEWAL_WORKFLOW, 'offer', s.offerRenewalSchema, { errors: ['INVARIANT_VIOLATION'] }),
    write(200, offerRenewal),
  );
  app.post(
    '/renewals/:id/accept',
    actionRoute(RENEWAL_WORKFLOW, 'accept', s.acceptRenewalSchema, { errors: ['OFFER_EXPIRED'] }),
    write(200, acceptRenewal),
  );
  app.post(
    '/renewals/:id/decline',
    actionRoute(RENEWAL_WORKFLOW, 'decline', s.declineRenewalSchema),
    write(200, declineRenewal),
  );
  app.post(
    '/renewals/:id/convert',
    actionRoute(RENEWAL_WORKFLOW, 'convert', s.convertRenewalSchema, {
      errors: ['OFFER_EXPIRED', 'INVARIANT_VIOLATION'],
    }),
    write(200, convertRenewal),
  );
};

export default renewals;
