import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { InFlight } from '../../shared/kernel/in-flight.js';
import type { CommitGate } from '../../shared/kernel/unit-of-work.js';
import { serviceUnavailable } from '../http/errors.js';
import { sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request ran past REQUEST_TIMEOUT_MS and was answered 503: none of its changes may commit. */
    timedOut: boolean;
    /** Units of work of the request committing now: the timeout waits for them. */
    committing: number;
    /** A unit of work of the request committed: the timeout never answers 503 after that. */
    committed: boolean;
    /** The answer is on its way (its onSend hooks run): the timeout leaves it alone. */
    answering: boolean;
    /** When the request times out (ms since the epoch). */
    deadlineAt: number;
  }
  interface FastifyReply {
    /** Its place among the requests not yet answered (-1: not among them). */
    inFlightSlot: number;
  }
}

/** Retry-After of a timed-out request. */
const TIMEOUT_RETRY_AFTER_S = 1;
/** A commit under way when the time runs out is given this much longer before the timeout is looked at again. */
const COMMIT_WAIT_MS = 1000;

/**
 * REQUEST_TIMEOUT_MS: a request not answered by then is answered 503 SERVICE_UNAVAILABLE with
 * Retry-After, and none of its changes commits afterwards: a unit of work passes the request's commit
 * gate just before COMMIT, which is closed once the request timed out, and the timeout waits for a
 * commit already under way (then the request answers as usual). So a 503 for a timeout means nothing
 * was applied. It is also the lease of an Idempotency-Key claim (plugins/idempotency.ts).
 *
 * Fastify's own `handlerTimeout` is not used: the request's `close` event, which Node emits once a body
 * has been read, clears its timer, so it never fires for a request with a body.
 */
export default fp(async (app) => {
  const ms = app.config.REQUEST_TIMEOUT_MS;
  app.decorateRequest('timedOut', false);
  app.decorateRequest('committing', 0);
  app.decorateRequest('committed', false);
  app.decorateRequest('answering', false);
  app.decorateRequest('deadlineAt', 0);
  app.decorateReply('inFlightSlot', -1);
  // The requests not yet answered, looked over every tenth of the timeout (10 to 250 ms) by one timer:
  // a timer per request (set, unref, cleared) cost more than the rest of this plugin together. Not a
  // Map: see InFlight for what a Map that churns costs the garbage collector.
  const open = new InFlight<FastifyReply>();
  const expire = (reply: FastifyReply) => {
    const request = reply.request;
    if (request.answering || reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
    // A commit under way, or done (its answer is being made): waited for, never contradicted by a 503.
    if (request.committing > 0 || request.committed) {
      request.deadlineAt = Date.now() + COMMIT_WAIT_MS;
      open.add(reply);
      return;
    }
    request.timedOut = true;
    request.log.warn({ timeoutMs: ms }, 'request timed out: answered 503, nothing of it commits');
    sendError(
      request,
      reply,
      serviceUnavailable(
        `The request did not finish within ${ms} ms and nothing of it was applied; retry (with the same Idempotency-Key, if it had one)`,
        TIMEOUT_RETRY_AFTER_S,
      ),
    );
  };
  const sweep = setInterval(
    () => {
      const now = Date.now();
      open.forEach((reply) => {
        if (now < reply.request.deadlineAt) return;
        open.delete(reply);
        expire(reply);
      });
    },
    Math.min(250, Math.max(10, Math.floor(ms / 10))),
  ).unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(sweep);
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    request.deadlineAt = Date.now() + ms;
    open.add(reply);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    request.answering = true;
    done(null, payload);
  });
  app.addHook('onResponse', (_request, reply, done) => {
    open.delete(reply);
    done();
  });
});

/** The commit gate of a request's units of work (shared/kernel/unit-of-work.ts). */
export const commitGateOf = (request: FastifyRequest): CommitGate => ({
  enter() {
    if (request.timedOut) return false;
    request.committing++;
    return true;
  },
  leave(committed) {
    request.committing--;
    if (committed) request.committed = true;
  },
  waiting: () => !request.timedOut && !request.raw.socket?.destroyed,
});
