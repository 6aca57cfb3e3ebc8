import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { QUEUE_NAMES } from '../../../shared/jobs/catalogue.js';
import { packageInfo as pkg } from '../../../shared/package-info.js';
import { ok } from '../../http/reply.js';
import { API_VERSION } from '../../http/wire-headers.js';
import { systemInfoSchema } from './schemas.js';

const system: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/system/info', { config: { permissions: ['system:read'] }, schema: systemInfoSchema }, async (request) => {
    const counts = await app.queues.counts();
    return ok(request, {
      name: pkg.name,
      version: pkg.version,
      apiVersion: API_VERSION,
      nodeVersion: process.version,
      uptimeSeconds: Math.round(process.uptime()),
      environment: app.config.NODE_ENV,
      queues: QUEUE_NAMES.map((name) => ({ name, counts: counts[name] })),
    });
  });
};

export default system;
