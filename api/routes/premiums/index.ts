import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listPremiums, recordPremiumPayment } from '../../../shared/domain/premiums/index.js';
import { can, read, write } from '../../http/operation.js';
import * as s from './schemas.js';

const premiums: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/policies/:id/premiums', { config: can('policy:read'), schema: s.listPremiumsSchema }, read(listPremiums));
  app.post(
    '/policies/:id/premiums/:instalmentId/payments',
    {
      config: {
        ...can('premium:collect'),
        errors: ['NOT_FOUND', 'INVARIANT_VIOLATION', 'PAYMENT_EXCEEDS_DUE', 'CONFLICT'],
      },
      schema: s.recordPremiumPaymentSchema,
    },
    write(201, recordPremiumPayment),
  );
};

export default premiums;
