/**
 * Machine clients: an insurer's or broker's system signs in with a client id and secret (OAuth 2.0
 * client credentials) and acts through a user row of its own (kind `client`) with its roles and data
 * scope, so it is the audit actor of what it does.
 */

import { defineDomain } from '../../kernel/manifest.js';
import { ApiClient as ApiClientEntity } from './api-client.entity.js';
import { Migration20261127000500_api_clients } from './api-clients.migration.js';
import { API_CLIENT_PERMISSIONS } from './api-clients.permissions.js';

export {
  API_CLIENTS_TAG,
  ApiClient,
  ApiClientFilters,
  ApiClientWithSecret,
  CreateApiClientInput,
} from './api-client.schemas.js';
export { API_CLIENT_LIST, toApiClientView } from './api-client.view.js';
export {
  createApiClient,
  getApiClient,
  listApiClients,
  revokeApiClient,
  rotateApiClientSecret,
} from './api-clients.service.js';
export { type ClientCredentials, type ClientToken, issueClientToken } from './client-credentials.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const apiClientsDomain = defineDomain({
  name: 'api-clients',
  permissions: API_CLIENT_PERMISSIONS,
  entities: [ApiClientEntity],
  migrations: [{ name: 'Migration20261127000500_api_clients', class: Migration20261127000500_api_clients }],
});
