import type { FastifyRequest } from 'fastify';
import { QUEUE_NAMES } from '../../../shared/jobs/catalogue.js';
import { packageInfo as pkg } from '../../../shared/package-info.js';
import { API_VERSION } from '../../http/wire-headers.js';

/** What runs here: the package and API versions, the runtime, and the jobs waiting in each queue. */
export async function systemInfo({ server: app }: FastifyRequest) {
  const counts = await app.queues.counts();
  return {
    name: pkg.name,
    version: pkg.version,
    apiVersion: API_VERSION,
    nodeVersion: process.version,
    uptimeSeconds: Math.round(process.uptime()),
    environment: app.config.NODE_ENV,
    queues: QUEUE_NAMES.map((name) => ({ name, counts: counts[name] })),
  };
}
