import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { declaredTags } from '../../shared/kernel/schema.js';
import { API_VERSION } from '../http/wire-headers.js';
import { markErrorCodes, withErrorResponses } from './openapi-errors.js';
import { withWebhooks } from './openapi-webhooks.js';
import { markWireOptions, withWireHeaders } from './openapi-wire.js';

/**
 * OpenAPI 3.1 generated from the route schemas (the same ones that validate requests), served at
 * /openapi.json, with a browsable reference at /docs; `npm run openapi` writes it to a file.
 * The shared schemas declared with `component()` (shared/kernel/schema.ts, registered in api/app.ts)
 * appear once each under components.schemas, named by their $id; the tags declared with `tag()` are
 * the document's tags.
 */
export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Insurance back-office API',
        version: API_VERSION,
        description:
          'Agents, claims handlers, underwriters, compliance staff and insurer systems. Every response carries X-Request-Id and API-Version; errors use one envelope (ErrorEnvelope). Each protected operation lists the permissions it needs in x-permissions.',
        contact: { name: 'Back-office API maintainers' },
      },
      servers: [{ url: '/', description: 'This server' }],
      tags: declaredTags(),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            // What api/plugins/auth.ts verifies: the RFC8725 practices it follows, so a client can rely on them.
            description:
              'An access token from POST /auth/login: a JWS signed with HS256 only, following RFC8725 (verification accepts no other algorithm, never `none`, and requires exp, sub, sid and jti)',
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'METRICS_TOKEN, the setting Prometheus is given (GET /metrics only)',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    // Components are named by their $id (`User`, not `def-3`).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ((route: Parameters<typeof markWireOptions>[0]) => markWireOptions(markErrorCodes(route))) as never,
    transformObject: (document) =>
      'openapiObject' in document
        ? withWebhooks(withErrorResponses(withWireHeaders(withOptionalBodies(document.openapiObject))))
        : document.swaggerObject,
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // Without upgrade-insecure-requests: opened over plain HTTP from another machine, the page must load its assets.
      transformStaticCSP: (header: string) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
      uiConfig: { deepLinking: true },
    });
  });
  app.get(
    '/openapi.json',
    {
      // Counted like any route: only the health endpoints are outside every limit.
      config: { public: true },
      schema: { hide: true, response: { 200: { type: 'object', additionalProperties: true } } },
    },
    async () => app.swagger(),
  );
});

/** The library documents every body as required; one marked with OPTIONAL_BODY (schemas/common.ts) is not. */
function withOptionalBodies<T extends { paths?: object }>(document: T): T {
  type Operation = { 'x-body-optional'?: boolean; requestBody?: { required?: boolean } };
  for (const item of Object.values(document.paths ?? {}) as Record<string, Operation | undefined>[])
    for (const operation of Object.values(item))
      if (operation?.['x-body-optional']) {
        delete operation['x-body-optional'];
        if (operation.requestBody) operation.requestBody.required = false;
      }
  return document;
}
