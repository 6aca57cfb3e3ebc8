import { Type } from 'typebox';
import {
  ApiClient,
  ApiClientFilters,
  ApiClientWithSecret,
  CreateApiClientInput,
  API_CLIENTS_TAG as tags,
} from '../../../shared/domain/api-clients/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope, NoContent } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const IdParams = Type.Object({ id: IdOf('The API client') });

export const listApiClientsSchema = {
  operationId: 'listApiClients',
  tags,
  summary: 'List machine clients',
  description:
    "The machine clients of your data scope (scope insurer: its insurer's; scope agent: those you created), newest first unless sorted by createdAt or name. Never a secret.",
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('name'), ...ApiClientFilters.properties },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(ApiClient), ...ERROR_RESPONSES },
};

export const createApiClientSchema = {
  operationId: 'createApiClient',
  tags,
  summary: 'Create a machine client',
  description:
    'Creates a client with these roles and answers its `clientId` and `clientSecret`: the secret is shown this once (only its hash is kept) and the answer is never replayed for an Idempotency-Key. You need every permission of the roles. Scope insurer creates clients of its insurer only; scope agent cannot create clients. The client gets access tokens from POST /auth/token.',
  body: CreateApiClientInput,
  response: { 201: Envelope(ApiClientWithSecret, 'The client created, with its secret'), ...ERROR_RESPONSES },
};

export const getApiClientSchema = {
  operationId: 'getApiClient',
  tags,
  summary: 'Get a machine client',
  description: 'One client of your data scope, without its secret; 404 for any other.',
  params: IdParams,
  response: { 200: Envelope(ApiClient, 'The client'), ...ERROR_RESPONSES },
};

export const rotateApiClientSecretSchema = {
  operationId: 'rotateApiClientSecret',
  tags,
  summary: "Rotate a machine client's secret",
  description:
    'Answers a new secret, shown this once. The previous secret keeps working until `previousSecretExpiresAt` (CLIENT_SECRET_OVERLAP_S after now, an hour by default) so the client can be changed over without a gap; tokens already issued stay valid until they expire. A revoked client is 404. The caller must hold every permission the client holds (403 naming the missing ones).',
  params: IdParams,
  response: { 200: Envelope(ApiClientWithSecret, 'The client, with its new secret'), ...ERROR_RESPONSES },
};

export const revokeApiClientSchema = {
  operationId: 'revokeApiClient',
  tags,
  summary: 'Revoke a machine client',
  description:
    'Revokes the client at once: its secrets stop working and every access token it holds is refused from the next request, in every process. Revoking a revoked client answers 204 again. The caller must hold every permission the client holds (403 naming the missing ones).',
  params: IdParams,
  response: { 204: NoContent('Revoked'), ...ERROR_RESPONSES },
};
