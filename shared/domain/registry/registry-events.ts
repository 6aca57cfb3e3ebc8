import { ConflictError, InvalidSignatureError } from '../../errors/index.js';
import { WEBHOOK_ACTOR, type WriteContext } from '../../db/unit-of-work.js';
import { JOBS } from '../../queues/names.js';
import type { ServiceDeps } from '../deps.js';
import type { KycStatus } from '../users/user.entity.js';

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

export interface ReceivedEvent { eventId: string; status: 'queued' | 'ignored' }

/**
 * Stores a verified registry delivery. An event type we act on is queued for the worker
 * (through the outbox); any other type is kept and acknowledged. A known eventId is a conflict,
 * also while its first delivery is still being processed.
 */
export async function receiveRegistryEvent(deps: ServiceDeps, ctx: WriteContext, input: RegistryEventInput, headerId: string): Promise<ReceivedEvent> {
  if (headerId !== input.eventId) throw new InvalidSignatureError('webhook-id must equal the eventId of the body');
  const status = input.type in ACTED_UPON ? 'queued' : 'ignored';
  return deps.uow.run(ctx, async (em) => {
    const inserted = await em.execute<{ event_id: string }[]>(
      `insert into registry_events (event_id, type, occurred_at, payload, status, request_id)
       values (?, ?, ?, ?::jsonb, ?, ?) on conflict (event_id) do nothing returning event_id`,
      [input.eventId, input.type, input.occurredAt, JSON.stringify(input), status, ctx.requestId ?? null],
    );
    if (!inserted.length) throw new ConflictError(`Registry event ${input.eventId} was already received`);
    return {
      result: { eventId: input.eventId, status },
      audit: { action: 'registry_event.receive', subjectType: 'registry_event', subjectId: input.eventId, summary: { type: input.type, status } },
      jobs: status === 'queued' ? [{ queue: 'webhooks', name: JOBS.webhooks.registryEvent, payload: { eventId: input.eventId } }] : [],
    };
  });
}

export class RegistryEventFailed extends Error {}

/**
 * Applies a queued registry event to the matching user's kycStatus. Idempotent: an event already
 * processed is left alone. An event whose user cannot be found is kept as failed with the reason,
 * and the error makes the job retry with backoff.
 */
export async function processRegistryEvent(deps: ServiceDeps, eventId: string, attempt: number): Promise<'processed' | 'already-processed'> {
  const ctx: WriteContext = { actor: WEBHOOK_ACTOR };
  type Processing = { state: 'missing' | 'already-processed' | 'processed' } | { state: 'failed'; reason: string };
  const outcome = await deps.uow.run<Processing>(ctx, async (em) => {
    const [event] = await em.execute<{ status: string; type: string; payload: RegistryEventInput; request_id: string | null }[]>(
      `select status, type, payload, request_id from registry_events where event_id = ? for update`, [eventId],
    );
    if (!event) return { result: { state: 'missing' as const }, audit: [] };
    if (event.status === 'processed') return { result: { state: 'already-processed' as const }, audit: [] };
    const kycStatus = ACTED_UPON[event.type];
    const data = event.payload.data ?? {};
    const userId = typeof data.userId === 'string' ? data.userId : null;
    const email = typeof data.email === 'string' ? data.email : null;
    const [user] = await em.execute<{ id: string; kyc_status: string }[]>(
      `select id, kyc_status from users
        where (?::text is not null and id::text = ?::text) or (?::text is not null and lower(email) = lower(?::text))
        limit 1 for update`,
      [userId, userId, email, email],
    );
    if (!kycStatus || !user) {
      const reason = !kycStatus ? `event type ${event.type} is not acted upon` : 'no user matches the event (userId or email)';
      await em.execute(`update registry_events set status = 'failed', failure_reason = ?, attempts = ? where event_id = ?`, [reason, attempt, eventId]);
      return { result: { state: 'failed' as const, reason }, audit: { action: 'registry_event.fail', subjectType: 'registry_event', subjectId: eventId, summary: { reason, attempt } } };
    }
    await em.execute(
      `update users set kyc_status = ?, kyc_reference = coalesce(?, kyc_reference), national_id = coalesce(?, national_id),
              updated_at = now(), version = version + 1 where id = ?`,
      [kycStatus, typeof data.reference === 'string' ? data.reference : null, typeof data.nationalId === 'string' ? data.nationalId : null, user.id],
    );
    await em.execute(`update registry_events set status = 'processed', failure_reason = null, attempts = ?, processed_at = now() where event_id = ?`, [attempt, eventId]);
    return {
      result: { state: 'processed' as const },
      audit: [
        { action: 'user.kyc_update', subjectType: 'user', subjectId: user.id, summary: { from: user.kyc_status, to: kycStatus, eventId } },
        { action: 'registry_event.process', subjectType: 'registry_event', subjectId: eventId, summary: { type: event.type } },
      ],
    };
  });
  if (outcome.state === 'failed') throw new RegistryEventFailed(outcome.reason);
  if (outcome.state === 'missing') throw new RegistryEventFailed(`registry event ${eventId} does not exist`);
  return outcome.state;
}
