import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { db } from '../../shared/db/database.js';
import { canonicalJson } from '../../shared/kernel/canonical-json.js';
import { ClaimLostError, IdempotencyConflictError, ValidationError } from '../../shared/kernel/errors.js';
import type { AnswerRecord } from '../../shared/kernel/unit-of-work.js';
import { metaOf } from '../http/correlation.js';
import { addRouteHook, answers } from '../http/route-hooks.js';

/** 1..255 printable ASCII characters. */
const KEY_PATTERN = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;
/** Retry-After of a 409 for a key in progress: the request holding it will most likely have answered by then. */
const IN_PROGRESS_RETRY_AFTER_S = 1;
/** How often a release that failed (the database unreachable) is tried again. */
const RELEASE_RETRY_MS = 500;

/** What the response of a request will be, so the idempotency record is stored with the change. */
export interface RenderedResponse {
  status: number;
  body: unknown;
}

/** The claim's answer record, and the answer once the transaction that recorded it committed. */
export interface IdempotencyCompletion extends AnswerRecord {
  readonly stored?: RenderedResponse;
}

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

/**
 * Idempotency-Key: a POST carrying Idempotency-Key claims (caller, method, path, key) before the
 * handler runs; the unit of work completes the claim with the response in the change's own
 * transaction; a request that ends without completing it (any error) releases it.
 */
export default fp(async (app) => {
  // Keyed: bodies can hold passwords, and a plain hash kept 24 hours could be guessed offline.
  const hashKey = Buffer.from(
    hkdfSync('sha256', app.config.JWT_SECRET as string, 'insurance-backoffice', 'idempotency-request-hash', 32),
  );

  // A claim is leased for as long as its request may run (REQUEST_TIMEOUT_MS): past it the request has
  // been answered 503 and cannot commit, or its process died, and a retry takes the key over.
  const leaseSeconds = app.config.REQUEST_TIMEOUT_MS / 1000;

  // Route hooks of the POST routes that take a key: no other route runs them.
  const takesKeys = (route: RouteOptions) =>
    answers('POST')(route) && (route.config as { idempotent?: boolean } | undefined)?.idempotent !== false;

  addRouteHook(
    app,
    'preHandler',
    takesKeys,
    async function claimIdempotencyKey(request: FastifyRequest, reply: FastifyReply) {
      if (request.method !== 'POST') return;
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      const key = Array.isArray(header) ? header[0] : header;
      if (!KEY_PATTERN.test(key)) {
        throw new ValidationError([
          {
            field: 'headers.idempotency-key',
            message: 'must be 1 to 255 printable ASCII characters',
            constraint: 'pattern',
          },
        ]);
      }
      const caller = request.actorId ?? `ip:${request.ip}`;
      const path = request.url.split('?')[0];
      const pk = { caller, method: 'POST', path, key };
      const requestHash = createHmac('sha256', hashKey)
        .update(canonicalJson(request.body ?? null))
        .digest('hex');
      const records = db(app.orm.em.fork());
      // The database's clock, so API processes with skewed clocks agree on when a claim expires.
      const claimUntil = sql<Date>`now() + make_interval(secs => ${leaseSeconds})`;
      // The fencing token: only the request holding the claim may complete or release it.
      const claimId = randomUUID();

      const claimed = await records
        .insertInto('idempotency_records')
        .values({ ...pk, request_hash: requestHash, state: 'in_progress', locked_until: claimUntil, claim_id: claimId })
        .onConflict((oc) => oc.doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) {
        const existing = await records
          .selectFrom('idempotency_records')
          .select(['request_hash', 'state', 'response_status', 'response_body'])
          .select(sql<boolean>`coalesce(locked_until < now(), false)`.as('stale'))
          .where((eb) => eb.and(pk))
          .executeTakeFirst();
        if (existing && existing.request_hash !== requestHash) {
          throw new IdempotencyConflictError('This Idempotency-Key was already used with a different request body');
        }
        if (existing?.state === 'completed') return replay(request, reply, existing);
        const takenOver = existing?.stale
          ? await records
              .updateTable('idempotency_records')
              .set({ locked_until: claimUntil, claim_id: claimId })
              .where((eb) => eb.and(pk))
              .where('state', '=', 'in_progress')
              .where('locked_until', '<', sql<string>`now()`)
              .returning('key')
              .executeTakeFirst()
          : undefined;
        if (!takenOver) {
          throw new IdempotencyConflictError(
            'A request with this Idempotency-Key is still in progress; retry after it completes',
            IN_PROGRESS_RETRY_AFTER_S,
          );
        }
      }

      let stored: RenderedResponse | undefined;
      request.idempotencyClaim = {
        completed: () => stored !== undefined,
        completion: (render) => {
          let pending: RenderedResponse | undefined;
          return {
            // Only the first unit of work of the request that succeeds records its answer, and only while
            // the claim is still its own: else the change rolls back (a retry took the key over and applies it).
            async record(tx, result) {
              if (stored) return false;
              const answer = render(result);
              const mine = await db(tx)
                .updateTable('idempotency_records')
                .set({
                  state: 'completed',
                  response_status: answer.status,
                  response_body: answer.body === null ? null : JSON.stringify(answer.body),
                  locked_until: null,
                  claim_id: null,
                })
                .where((eb) => eb.and(pk))
                .where('claim_id', '=', claimId)
                .where('state', '=', 'in_progress')
                .returning('key')
                .executeTakeFirst();
              if (!mine) throw new ClaimLostError();
              pending = answer;
              return true;
            },
            committed() {
              stored = pending;
            },
            get stored() {
              return stored;
            },
          };
        },
      };
      request.idempotencyRelease = async () => {
        await records
          .deleteFrom('idempotency_records')
          .where((eb) => eb.and(pk))
          .where('claim_id', '=', claimId)
          .where('state', '=', 'in_progress')
          .execute();
      };
      // The timeout answered while the key was being claimed: its onSend found no claim to release.
      if (request.timedOut) {
        await releaseSoon(request, request.idempotencyRelease, app.config.REQUEST_TIMEOUT_MS);
        return;
      }
    },
  );

  // Released before the response leaves when the request ends without a committed response (4xx, 5xx),
  // so a client retrying at once finds the key free.
  addRouteHook(app, 'onSend', takesKeys, async function releaseUnansweredClaim(request: FastifyRequest) {
    const claim = request.idempotencyClaim;
    if (!claim || claim.completed() || !request.idempotencyRelease) return;
    await releaseSoon(request, request.idempotencyRelease, app.config.REQUEST_TIMEOUT_MS);
  });
});

/**
 * Releases a claim; when the database cannot be reached (the request itself may have failed for that
 * reason), tries again every RELEASE_RETRY_MS in the background until it can or the claim has run out
 * anyway, so the client's retry finds the key free as soon as the database is back.
 */
async function releaseSoon(request: FastifyRequest, release: () => Promise<void>, leaseMs: number): Promise<void> {
  const giveUpAt = Date.now() + leaseMs;
  const attempt = async (first: boolean): Promise<void> => {
    try {
      await release();
    } catch (err) {
      const last = Date.now() + RELEASE_RETRY_MS >= giveUpAt;
      if (first || last)
        request.log.warn(
          { error: (err as Error).message },
          last
            ? 'idempotency claim not released; it runs out by itself'
            : 'idempotency claim not released yet; retrying',
        );
      if (!last) setTimeout(() => attempt(false), RELEASE_RETRY_MS).unref();
    }
  };
  await attempt(true);
}

/**
 * The stored answer, but under the replay's own ids: `meta` names the request that is answering (as
 * its X-Request-Id header does), so every body's request id is one the service made for that request.
 * The first request's id stays in the audit entries of the change.
 */
function replay(
  request: FastifyRequest,
  reply: FastifyReply,
  stored: { response_status: number | null; response_body: unknown },
): FastifyReply {
  reply.header('idempotent-replayed', 'true').code(stored.response_status ?? 200);
  if (stored.response_status === 204) return reply.send();
  const body = stored.response_body as { meta?: Record<string, unknown> } | null;
  if (!body || typeof body !== 'object' || !body.meta || typeof body.meta !== 'object') return reply.send(body);
  const { requestId: _first, correlationId: _firstCorrelation, ...rest } = body.meta;
  return reply.send({ ...body, meta: { ...rest, ...metaOf(request) } });
}
