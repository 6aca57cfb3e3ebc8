import type { EntityManager } from '@mikro-orm/postgresql';
import { db, jsonRows } from '../../db/database.js';
import type { Act } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { produce } from '../../kernel/jobs.js';
import type { PublishInput } from '../../kernel/published-events.js';
import type { AuditInput } from '../../kernel/unit-of-work.js';
import type { KycStatus } from '../users/index.js';
import { type Delivery, deliveryOf, failedEventAudit } from './delivery.js';

import { dataText, namedUsers, namesOf, type UserKyc } from './named-users.js';
import { applyPremiumEvents, PREMIUM_PAID } from './premium-events.js';
import { APPLY_REGISTRY_EVENT } from './registry.jobs.js';
import type { RegistryEventStatus } from './registry-event.entity.js';

/**
 * Registry event types the service acts on, and the kycStatus each one sets. A Map, so a type is
 * matched as an exact own key: `constructor` or `__proto__` are not types, whatever an object inherits.
 */
const ACTED_UPON: ReadonlyMap<string, KycStatus> = new Map([
  ['identity.verified', 'verified'],
  ['identity.rejected', 'rejected'],
  ['identity.revoked', 'revoked'],
]);

/** The kycStatus an event of this type sets, or undefined for a type not acted upon. */
export const kycStatusSetBy = (type: string): KycStatus | undefined => ACTED_UPON.get(type);

/** Whether the service acts on events of this type (the others are stored as `ignored`). */
export const actsOn = (type: string): boolean => ACTED_UPON.has(type) || type === PREMIUM_PAID;

export class RegistryEventFailed extends Error {}

type Applied =
  | { eventId: string; state: 'processed' }
  | { eventId: string; state: 'failed'; reason: string; request: Omit<Delivery, 'eventId'> };

/**
 * Applies the registry events committed together by the intake (one job for the lot), each to its
 * user's kycStatus, in one transaction. Only events still queued are applied, so running the job
 * twice changes nothing the second time. An event whose user cannot be found is kept as failed with
 * the reason and queued alone (`webhooks.registry-event`), to be retried with backoff.
 */
export async function processRegistryEvents(
  deps: ServiceDeps,
  act: Act,
  { events, attempt }: { events: Delivery[]; attempt: number },
): Promise<{ processed: number; failed: number; skipped: number }> {
  const applied = await deps.uow.run<Applied[]>(act, async (em) => {
    const { outcomes, audit, publish } = await applyEvents(em, events, attempt, ['queued']);
    return {
      result: outcomes,
      audit,
      publish,
      jobs: outcomes.flatMap((o) =>
        o.state === 'failed' ? [produce(APPLY_REGISTRY_EVENT, deliveryOf(o.eventId, o.request))] : [],
      ),
    };
  });
  const processed = applied.filter((a) => a.state === 'processed').length;
  return { processed, failed: applied.length - processed, skipped: events.length - applied.length };
}

/**
 * Applies one registry event (one that failed in its batch, or queued alone) to the matching user's
 * kycStatus. Idempotent: an event already processed is left alone. An event whose user cannot be
 * found is kept as failed with the reason, and the error makes the job retry with backoff.
 */
export async function processRegistryEvent(
  deps: ServiceDeps,
  act: Act,
  { eventId, attempt }: { eventId: string; attempt: number },
): Promise<'processed' | 'already-processed'> {
  type Processing = { state: 'missing' | 'already-processed' } | Applied;
  const outcome = await deps.uow.run<Processing>(act, async (em) => {
    const { outcomes, audit, publish } = await applyEvents(em, [deliveryOf(eventId, act)], attempt, [
      'queued',
      'failed',
    ]);
    if (outcomes.length) return { result: outcomes[0], audit, publish };
    const known = await db(em)
      .selectFrom('registry_events')
      .select('status')
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return { result: { state: known ? ('already-processed' as const) : ('missing' as const) }, audit: [] };
  });
  if (outcome.state === 'failed') throw new RegistryEventFailed(outcome.reason);
  if (outcome.state === 'missing') throw new RegistryEventFailed(`registry event ${eventId} does not exist`);
  return outcome.state;
}

/**
 * Applies events in one transaction: `premium.paid` events as premium payments (premium-events.ts),
 * the identity events to their users in one set of statements, whatever their number: the events are
 * claimed (marked processed) if their status is one of `from`, their users locked in id order, each
 * event applied in delivery order (two events for one user: the later one wins, each audited with the
 * status it found), then every changed user written by one UPDATE. An event whose user cannot be
 * found goes back to `failed` with the reason. The audit entries carry each delivery's request id.
 */
async function applyEvents(
  em: EntityManager,
  deliveries: Delivery[],
  attempt: number,
  from: RegistryEventStatus[],
): Promise<{ outcomes: Applied[]; audit: AuditInput[]; publish: PublishInput[] }> {
  const now = new Date();
  const claimed = await db(em)
    .updateTable('registry_events')
    .set({ status: 'processed', attempts: attempt, processed_at: now, failure_reason: null })
    .where(
      'event_id',
      'in',
      deliveries.map((d) => d.eventId),
    )
    .where('status', 'in', from)
    .returning(['event_id', 'type', 'payload'])
    .execute();
  const byEventId = new Map(claimed.map((e) => [e.event_id, e]));
  const claimedNow = deliveries.flatMap((d) => {
    const event = byEventId.get(d.eventId);
    byEventId.delete(d.eventId);
    const request = { requestId: d.requestId, correlationId: d.correlationId };
    return event ? [{ event, names: namesOf(event.payload), request }] : [];
  });
  const due = claimedNow.filter((d) => d.event.type !== PREMIUM_PAID);
  const payments = await applyPremiumEvents(
    em,
    claimedNow.filter((d) => d.event.type === PREMIUM_PAID),
    attempt,
  );
  const users = await namedUsers(
    em,
    due.map((d) => d.names),
  );

  const outcomes: Applied[] = [];
  const audit: AuditInput[] = [...payments.audit];
  const changed = new Map<string, UserKyc>();
  const failed: { event_id: string; reason: string }[] = [];
  for (const o of payments.outcomes) {
    outcomes.push(o);
    if (o.state === 'failed') failed.push({ event_id: o.eventId, reason: o.reason });
  }
  for (const { event, names, request } of due) {
    const eventId = event.event_id;
    const kycStatus = kycStatusSetBy(event.type);
    const viaId = names.canonicalId ? users.byId.get(names.canonicalId) : undefined;
    const viaEmail = names.email ? users.byEmail.get(names.email) : undefined;
    // Naming both a userId and an email, the event must name one user by both: never pick one of two people.
    const named = Boolean(names.userId && names.email);
    const user = named
      ? names.canonicalId
        ? viaId === viaEmail
          ? viaId
          : undefined
        : viaEmail
      : (viaId ?? viaEmail);
    if (!kycStatus || !user) {
      const reason = !kycStatus
        ? `event type ${event.type} is not acted upon`
        : named
          ? 'no user matches the event: its userId and email must name the same user'
          : 'no user matches the event (userId or email)';
      failed.push({ event_id: eventId, reason });
      outcomes.push({ eventId, state: 'failed', reason, request });
      audit.push(failedEventAudit(eventId, reason, attempt, request));
      continue;
    }
    const from = user.kyc_status;
    user.kyc_status = kycStatus;
    user.kyc_reference = dataText(event.payload, 'reference') ?? user.kyc_reference;
    user.national_id = dataText(event.payload, 'nationalId') ?? user.national_id;
    changed.set(user.id, user);
    outcomes.push({ eventId, state: 'processed' });
    audit.push(
      {
        action: 'user.kyc_update',
        subjectType: 'user',
        subjectId: user.id,
        summary: { from, to: kycStatus, eventId },
        request,
      },
      {
        action: 'registry_event.process',
        subjectType: 'registry_event',
        subjectId: eventId,
        summary: { type: event.type },
        request,
      },
    );
  }

  if (changed.size)
    await db(em)
      .updateTable('users as u')
      .from(jsonRows([...changed.values()], 'id uuid, kyc_status text, kyc_reference text, national_id text'))
      .set((eb) => ({
        kyc_status: eb.ref('v.kyc_status'),
        kyc_reference: eb.ref('v.kyc_reference'),
        national_id: eb.ref('v.national_id'),
        updated_at: now,
      }))
      .whereRef('u.id', '=', 'v.id')
      .execute();
  if (failed.length)
    await db(em)
      .updateTable('registry_events as e')
      .from(jsonRows(failed, 'event_id text, reason text'))
      .set((eb) => ({ status: 'failed', failure_reason: eb.ref('v.reason'), processed_at: null }))
      .whereRef('e.event_id', '=', 'v.event_id')
      .execute();
  return { outcomes, audit, publish: payments.publish };
}
