import { type Static, Type } from 'typebox';
import { component, InsurerId, Nullable, PlainText, Timestamp, tag, Uuid } from '../../kernel/schema.js';

export const API_CLIENTS_TAG = tag(
  'api-clients',
  "Machine clients: an insurer's or broker's system that signs in with a client id and secret (OAuth 2.0 client credentials) and acts with its roles and data scope.",
);

const ClientFields = Type.Object(
  {
    id: Type.String({ maxLength: 64, description: 'The client id (also the audit actor of what the client does)' }),
    name: Type.String({ maxLength: 255 }),
    insurerId: Nullable(
      Type.String({ maxLength: 64, description: 'The insurer whose records the client sees; null for scope by roles' }),
    ),
    status: Type.Union([Type.Literal('active'), Type.Literal('revoked')]),
    roles: Type.Array(Type.Object({ id: Uuid, name: Type.String({ maxLength: 255 }) }), { maxItems: 20 }),
    createdBy: Type.String({ maxLength: 64 }),
    createdAt: Timestamp,
    secretRotatedAt: Nullable(Timestamp),
    previousSecretExpiresAt: Nullable(Timestamp),
    lastTokenAt: Nullable(Timestamp),
    revokedBy: Nullable(Type.String({ maxLength: 36 })),
    revokedAt: Nullable(Timestamp),
    updatedAt: Timestamp,
  },
  { description: 'A machine client; never its secret' },
);
export const ApiClient = component('ApiClient', ClientFields);
export type ApiClientView = Static<typeof ApiClient>;

const ClientSecret = Type.String({
  maxLength: 128,
  description: 'The client secret. Shown once, here: only its hash is kept.',
});
export const ApiClientWithSecret = component(
  'ApiClientWithSecret',
  Type.Object({ ...ClientFields.properties, clientId: Type.String({ maxLength: 64 }), clientSecret: ClientSecret }),
);
export type ApiClientWithSecretView = Static<typeof ApiClientWithSecret>;

export const CreateApiClientInput = Type.Object(
  {
    name: PlainText(200),
    roleIds: Type.Array(Uuid, { minItems: 1, maxItems: 20, uniqueItems: true }),
    insurerId: Type.Optional(InsurerId('The insurer whose records the client sees (scope insurer: yours)')),
  },
  { additionalProperties: false },
);
export type CreateApiClientInput = Static<typeof CreateApiClientInput>;

export const ApiClientFilters = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('revoked')])),
  insurerId: Type.Optional(InsurerId('Only clients of this insurer')),
});
export type ApiClientFilters = Static<typeof ApiClientFilters>;
