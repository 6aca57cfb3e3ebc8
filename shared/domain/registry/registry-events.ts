import { LockMode, sql, UniqueConstraintViolationException } from '@mikro-orm/core';
import { ConflictError, InvalidSignatureError } from '../../errors/index.js';
import { job } from '../../jobs/catalogue.js';
import type { Act } from '../act.js';
import type { ServiceDeps } from '../deps.js';
import { type KycStatus, User } from '../users/user.entity.js';
import { RegistryEvent } from './registry-event.entity.js';

/** Registry event types the service acts on, and the kycStatus each one sets. */
export const ACTED_UPON: Record<string, KycStatus> = {
  'identity.verified': 'verified',
  'identity.rejected': 'rejected',
  'identity.revoked': 'revoked',
};

export interface RegistryEventInput {
  eventId: string;
  type: string;
  occurredAt: string;
  data: Record<string, unknown>;
}

export interface ReceivedEvent {
  eventId: string;
  status: 'queued' | 'ignored';
}

/**
 * Stores a verified registry delivery. An event type we act on is queued for the worker
 * (through the outbox); any other type is kept and acknowledged. A known eventId is a conflict,
 * also while its first delivery is still being processed.
 */
export async function receiveRegistryEvent(
  deps: ServiceDeps,
  act: Act,
  { event: input, webhookId: headerId }: { event: RegistryEventInput; webhookId: string },
): Promise<ReceivedEvent> {
  if (headerId !== input.eventId) throw new InvalidSignatureError('webhook-id must equal the eventId of the body');
  const status = input.type in ACTED_UPON ? 'queued' : 'ignored';
  try {
    return await deps.uow.run(act, async (em) => {
      em.create(RegistryEvent, {
        eventId: input.eventId,
        type: input.type,
        occurredAt: input.occurredAt,
        payload: { ...input },
        status,
        attempts: 0,
        requestId: act.requestId ?? null,
        receivedAt: new Date(),
      });
      return {
        result: { eventId: input.eventId, status },
        audit: {
          action: 'registry_event.receive',
          subjectType: 'registry_event',
          subjectId: input.eventId,
          summary: { type: input.type, status },
        },
        jobs:
          status === 'queued'
            ? [
                job('webhooks.registry-event', {
                  eventId: input.eventId,
                  ...(act.requestId ? { requestId: act.requestId } : {}),
                }),
              ]
            : [],
      };
    });
  } catch (err) {
    // The primary key lets one of two concurrent deliveries in; the other's flush fails here.
    if (err instanceof UniqueConstraintViolationException)
      throw new ConflictError(`Registry event ${input.eventId} was already received`);
    throw err;
  }
}

export class RegistryEventFailed extends Error {}

/** users.id as text is lowercase and hyphenated: only a userId of that form ever matched it. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A text field of the delivery's `data`, or null (the stored payload is the body as received). */
function dataText(payload: Record<string, unknown>, name: string): string | null {
  const data: unknown = payload.data;
  const value: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, name) : undefined;
  return typeof value === 'string' ? value : null;
}

/**
 * Applies a queued registry event to the matching user's kycStatus. Idempotent: an event already
 * processed is left alone. An event whose user cannot be found is kept as failed with the reason,
 * and the error makes the job retry with backoff.
 */
export async function processRegistryEvent(
  deps: ServiceDeps,
  act: Act,
  { eventId, attempt }: { eventId: string; attempt: number },
): Promise<'processed' | 'already-processed'> {
  type Processing = { state: 'missing' | 'already-processed' | 'processed' } | { state: 'failed'; reason: string };
  const outcome = await deps.uow.run<Processing>(act, async (em) => {
    const event = await em.findOne(RegistryEvent, eventId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!event) return { result: { state: 'missing' as const }, audit: [] };
    if (event.status === 'processed') return { result: { state: 'already-processed' as const }, audit: [] };
    const kycStatus = ACTED_UPON[event.type];
    const [userId, email, reference, nationalId] = ['userId', 'email', 'reference', 'nationalId'].map((name) =>
      dataText(event.payload, name),
    );
    const matches = [
      ...(userId && CANONICAL_UUID.test(userId) ? [{ id: userId }] : []),
      ...(email ? [{ [sql.lower('email')]: sql`lower(${email})` }] : []),
    ];
    // Naming both a userId and an email, the event must name one user by both: never pick one of two people.
    const named = userId && email;
    const user = matches.length
      ? await em.findOne(User, named ? { $and: matches } : { $or: matches }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      : null;
    if (!kycStatus || !user) {
      const reason = !kycStatus
        ? `event type ${event.type} is not acted upon`
        : named
          ? 'no user matches the event: its userId and email must name the same user'
          : 'no user matches the event (userId or email)';
      em.assign(event, { status: 'failed', failureReason: reason, attempts: attempt });
      return {
        result: { state: 'failed' as const, reason },
        audit: {
          action: 'registry_event.fail',
          subjectType: 'registry_event',
          subjectId: eventId,
          summary: { reason, attempt },
        },
      };
    }
    const from = user.kycStatus;
    em.assign(user, {
      kycStatus,
      kycReference: reference ?? user.kycReference,
      nationalId: nationalId ?? user.nationalId,
    });
    em.assign(event, { status: 'processed', failureReason: null, attempts: attempt, processedAt: new Date() });
    return {
      result: { state: 'processed' as const },
      audit: [
        {
          action: 'user.kyc_update',
          subjectType: 'user',
          subjectId: user.id,
          summary: { from, to: kycStatus, eventId },
        },
        {
          action: 'registry_event.process',
          subjectType: 'registry_event',
          subjectId: eventId,
          summary: { type: event.type },
        },
      ],
    };
  });
  if (outcome.state === 'failed') throw new RegistryEventFailed(outcome.reason);
  if (outcome.state === 'missing') throw new RegistryEventFailed(`registry event ${eventId} does not exist`);
  return outcome.state;
}
