import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_CLIENT_LIST,
  createApiClient,
  getApiClient,
  listApiClients,
  revokeApiClient,
  rotateApiClientSecret,
  toApiClientView,
} from '../../../shared/domain/api-clients/index.js';
import { can, list, read, write } from '../../http/operation.js';
import * as s from './schemas.js';

// Answers carrying a secret are never stored as idempotency records (the key is ignored).
const showsSecret = (permission: 'api_client:write') => ({ ...can(permission), idempotent: false });

const apiClients: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api-clients',
    { config: can('api_client:read'), schema: s.listApiClientsSchema },
    list(API_CLIENT_LIST, listApiClients, toApiClientView),
  );
  app.post(
    '/api-clients',
    { config: showsSecret('api_client:write'), schema: s.createApiClientSchema },
    write(201, createApiClient),
  );
  app.get('/api-clients/:id', { config: can('api_client:read'), schema: s.getApiClientSchema }, read(getApiClient));
  app.post(
    '/api-clients/:id/rotate-secret',
    { config: showsSecret('api_client:write'), schema: s.rotateApiClientSecretSchema },
    write(200, rotateApiClientSecret),
  );
  app.delete(
    '/api-clients/:id',
    { config: can('api_client:write'), schema: s.revokeApiClientSchema },
    write(204, revokeApiClient),
  );
};

export default apiClients;
