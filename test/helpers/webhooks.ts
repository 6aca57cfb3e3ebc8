import type { FastifyInstance } from 'fastify';
import { signWebhook } from '../../shared/domain/registry/signature.js';

/** Sends a registry event signed as the registry would, with optional tampering. */
export function postRegistryEvent(app: FastifyInstance, event: Record<string, unknown>, opts: { secret?: string; timestamp?: number; headers?: Record<string, string> } = {}) {
  const body = JSON.stringify(event);
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const id = String(event.eventId);
  return app.inject({
    method: 'POST', url: '/webhooks/registry', payload: body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(opts.secret ?? app.config.REGISTRY_WEBHOOK_SECRET, id, timestamp, body),
      ...opts.headers,
    },
  });
}
