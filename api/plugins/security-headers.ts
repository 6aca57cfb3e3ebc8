import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * The headers a well-kept library sets for an API (helmet): nosniff, frame denial, no referrer, ...
 * Every answer is `Cache-Control: no-store` (answers are personal; sign-in and MFA setup carry
 * credentials). HSTS only over HTTPS, so /docs opened over plain HTTP from another machine keeps working;
 * the reference pages bring their own Content-Security-Policy (swagger-ui's static CSP), JSON needs none.
 */
export default fp(async (app) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    hsts: false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
});
