import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { API_VERSION } from './wire.js';

/**
 * OpenAPI 3.1 generated from the route schemas (the same ones that validate requests), served at
 * /openapi.json, with a browsable reference at /docs.
 */
export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Insurance back-office API',
        version: API_VERSION,
        description: 'Agents, claims handlers, underwriters, compliance staff and insurer systems. Every response carries X-Request-Id and API-Version; errors use one envelope.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { deepLinking: true } });
  });
  app.get('/openapi.json', {
    config: { public: true, rateLimit: false },
    schema: { hide: true, response: { 200: { type: 'object', additionalProperties: true } } },
  }, async () => app.swagger());
});
