import type { FastifyInstance } from 'fastify';
import { signWebhook } from '../../shared/domain/registry/signature.js';

interface SignOptions {
  secret?: string;
  timestamp?: number;
  headers?: Record<string, string>;
}

/** An inject request for a registry event signed as the registry would, with optional tampering. */
export function signedRequest(
  app: FastifyInstance,
  event: Record<string, unknown>,
  headers: Record<string, string> = {},
  opts: SignOptions = {},
) {
  const body = JSON.stringify(event);
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const id = String(event.eventId);
  return {
    method: 'POST' as const,
    url: '/webhooks/registry',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(opts.secret ?? app.config.REGISTRY_WEBHOOK_SECRET, id, timestamp, body),
      ...headers,
    },
  };
}

export function postRegistryEvent(app: FastifyInstance, event: Record<string, unknown>, opts: SignOptions = {}) {
  return app.inject(signedRequest(app, event, opts.headers, opts));
}

/**
 * SQL condition on `outbox` for the row that queued an event: the intake's batch job
 * (`registry-events`, the event among its `events`) or an event's own retry job (`registry-event`).
 * Bind the event id twice.
 */
export const OUTBOX_ROW_OF_EVENT = `(payload->'events' @> jsonb_build_array(jsonb_build_object('eventId', ?::text)) or payload->>'eventId' = ?)`;
