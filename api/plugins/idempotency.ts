import { createHmac, hkdfSync } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { canonicalJson } from '../../shared/canonical-json.js';
import type { IdempotencyCompletion, RenderedResponse } from '../../shared/db/unit-of-work.js';
import { IdempotencyConflictError, ValidationError } from '../../shared/errors/index.js';

/** 1..255 printable ASCII characters. */
const KEY_PATTERN = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;
/** A claim older than this is taken over: its request died without releasing it. */
const CLAIM_SECONDS = 60;

export interface IdempotencyClaim {
  completion(render: (result: unknown) => RenderedResponse): IdempotencyCompletion;
  completed(): boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: IdempotencyClaim;
    idempotencyRelease?: () => Promise<void>;
  }
  interface FastifyContextConfig {
    /** false: the route ignores Idempotency-Key (it returns credentials, which must not be stored). */
    idempotent?: boolean;
  }
}

interface StoredRecord { request_hash: string; state: 'in_progress' | 'completed'; response_status: number | null; response_body: unknown; stale: boolean }

/**
 * CONTRACT section 5. A POST carrying Idempotency-Key claims (caller, method, path, key) before the
 * handler runs; the unit of work completes the claim with the response in the change's own
 * transaction; a request that ends without completing it (any error) releases it.
 */
export default fp(async (app) => {
  // Keyed: bodies can hold passwords, and a plain hash kept 24 hours could be guessed offline.
  const hashKey = Buffer.from(hkdfSync('sha256', app.config.JWT_SECRET as string, 'insurance-backoffice', 'idempotency-request-hash', 32));

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.config?.idempotent === false) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!KEY_PATTERN.test(key)) {
      throw new ValidationError([{ field: 'headers.idempotency-key', message: 'must be 1 to 255 printable ASCII characters', constraint: 'pattern' }]);
    }
    const caller = request.actorId ?? `ip:${request.ip}`;
    const path = request.url.split('?')[0];
    const pk = [caller, 'POST', path, key];
    const requestHash = createHmac('sha256', hashKey).update(canonicalJson(request.body ?? null)).digest('hex');
    const em = app.orm.em.fork();

    const claimed = await em.execute<{ key: string }[]>(
      `insert into idempotency_records (caller, method, path, key, request_hash, state, locked_until)
       values (?, ?, ?, ?, ?, 'in_progress', now() + make_interval(secs => ?))
       on conflict do nothing returning key`,
      [...pk, requestHash, CLAIM_SECONDS],
    );
    if (!claimed.length) {
      const [existing] = await em.execute<StoredRecord[]>(
        `select request_hash, state, response_status, response_body, coalesce(locked_until < now(), false) as stale
           from idempotency_records where caller = ? and method = ? and path = ? and key = ?`,
        pk,
      );
      if (existing && existing.request_hash !== requestHash) {
        throw new IdempotencyConflictError('This Idempotency-Key was already used with a different request body');
      }
      if (existing?.state === 'completed') return replay(reply, existing);
      const takenOver = existing?.stale
        ? await em.execute<{ key: string }[]>(
            `update idempotency_records set locked_until = now() + make_interval(secs => ?)
              where caller = ? and method = ? and path = ? and key = ? and state = 'in_progress' and locked_until < now()
              returning key`,
            [CLAIM_SECONDS, ...pk],
          )
        : [];
      if (!takenOver.length) {
        throw new IdempotencyConflictError('A request with this Idempotency-Key is still in progress; retry after it completes');
      }
    }

    let stored: RenderedResponse | undefined;
    request.idempotencyClaim = {
      completed: () => stored !== undefined,
      completion: (render) => ({
        render,
        async complete(tx, response) {
          await tx.execute(
            `update idempotency_records set state = 'completed', response_status = ?, response_body = ?::jsonb, locked_until = null
              where caller = ? and method = ? and path = ? and key = ?`,
            [response.status, JSON.stringify(response.body), ...pk],
          );
        },
        // Set by the unit of work once the transaction holding the record has committed.
        get stored() { return stored; },
        set stored(value) { stored = value; },
      }),
    };
    request.idempotencyRelease = () =>
      em.execute(`delete from idempotency_records where caller = ? and method = ? and path = ? and key = ? and state = 'in_progress'`, pk).then(() => undefined);
  });

  // Released before the response leaves when the request ends without a committed response (4xx, 5xx),
  // so a client retrying at once finds the key free.
  app.addHook('onSend', async (request) => {
    const claim = request.idempotencyClaim;
    if (!claim || claim.completed() || !request.idempotencyRelease) return;
    await request.idempotencyRelease().catch((err) => request.log.error({ err }, 'could not release idempotency claim'));
  });
});

function replay(reply: FastifyReply, stored: StoredRecord): FastifyReply {
  reply.header('idempotent-replayed', 'true').code(stored.response_status ?? 200);
  return stored.response_status === 204 ? reply.send() : reply.send(stored.response_body);
}

