import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The headers helmet sets with these options, worked out once: they are the same for every answer.
 * (@fastify/helmet built helmet's middleware again at every request: a third of what a light request
 * cost, and of what the web process allocated.)
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The headers a well-kept library sets for an API (helmet): nosniff, frame denial, no referrer, ...
 * Every answer is `Cache-Control: no-store` (answers are personal; sign-in and MFA setup carry
 * credentials). HSTS only over HTTPS, so /docs opened over plain HTTP from another machine keeps working;
 * the reference pages bring their own Content-Security-Policy (swagger-ui's static CSP), JSON needs none.
 */
export default fp(async (app) => {
  const headers = helmetHeaders();
  const https = { ...headers, 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? https : headers);
    done();
  });
  // Last, over whatever a route or a static file set.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
