import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { AuditInput } from '../../db/unit-of-work.js';
import { job } from '../../jobs/catalogue.js';
import type { Act } from '../act.js';
import type { ServiceDeps } from '../deps.js';
import { type KycStatus, User } from '../users/user.entity.js';
import { type IRegistryEvent, RegistryEvent } from './registry-event.entity.js';

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

export class RegistryEventFailed extends Error {}

/** A registry event as a job names it: the event, and the request id that delivered it. */
export interface Delivery {
  eventId: string;
  requestId?: string;
}

type Applied =
  | { eventId: string; state: 'processed' }
  | { eventId: string; state: 'failed'; reason: string; request: { requestId?: string } };

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
    const rows = await em.find(
      RegistryEvent,
      { eventId: { $in: events.map((e) => e.eventId) }, status: 'queued' },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { eventId: 'asc' } },
    );
    const byId = new Map(rows.map((r) => [r.eventId, r]));
    const due = events.flatMap((d) => {
      const event = byId.get(d.eventId);
      byId.delete(d.eventId);
      return event ? [{ event, request: { requestId: d.requestId } }] : [];
    });
    const { outcomes, audit } = await applyEvents(em, due, attempt);
    const failed = outcomes.filter((o) => o.state === 'failed');
    return {
      result: outcomes,
      audit,
      jobs: failed.map((f) =>
        job('webhooks.registry-event', {
          eventId: f.eventId,
          ...(f.request.requestId ? { requestId: f.request.requestId } : {}),
        }),
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
    const event = await em.findOne(RegistryEvent, eventId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!event) return { result: { state: 'missing' as const }, audit: [] };
    if (event.status === 'processed') return { result: { state: 'already-processed' as const }, audit: [] };
    const { outcomes, audit } = await applyEvents(em, [{ event, request: { requestId: act.requestId } }], attempt);
    return { result: outcomes[0], audit };
  });
  if (outcome.state === 'failed') throw new RegistryEventFailed(outcome.reason);
  if (outcome.state === 'missing') throw new RegistryEventFailed(`registry event ${eventId} does not exist`);
  return outcome.state;
}

/** users.id as text is lowercase and hyphenated: only a userId of that form ever matched it. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A text field of the delivery's `data`, or null (the stored payload is the body as received). */
function dataText(payload: Record<string, unknown>, name: string): string | null {
  const data: unknown = payload.data;
  const value: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, name) : undefined;
  return typeof value === 'string' ? value : null;
}

/** What an event names its user by: a userId (only a canonical one can match) and an email. */
function namesOf(event: IRegistryEvent) {
  const userId = dataText(event.payload, 'userId');
  const email = dataText(event.payload, 'email');
  return { userId, canonicalId: userId && CANONICAL_UUID.test(userId) ? userId : null, email };
}

/**
 * The users the events name, locked, in one query each way: by canonical id, and by email compared
 * as PostgreSQL's lower() compares (each given email is answered with the user it matched).
 */
async function namedUsers(em: EntityManager, events: IRegistryEvent[]) {
  const names = events.map(namesOf);
  const ids = [...new Set(names.flatMap((n) => (n.canonicalId ? [n.canonicalId] : [])))];
  const emails = [...new Set(names.flatMap((n) => (n.email ? [n.email] : [])))];
  const byEmail = new Map<string, string>();
  if (emails.length) {
    const found = await db(em)
      .selectFrom('users')
      .select('id')
      .select(
        sql<string[]>`array(select g from unnest(${emails}::text[]) g where lower(g) = lower(users.email))`.as('given'),
      )
      .where(
        sql<string>`lower(email)`,
        'in',
        emails.map((e) => sql<string>`lower(${e})`),
      )
      .execute();
    for (const row of found) for (const given of row.given) byEmail.set(given, row.id);
  }
  const wanted = [...new Set([...ids, ...byEmail.values()])];
  const users = wanted.length
    ? await em.find(User, { id: { $in: wanted } }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } })
    : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  return names.map(({ userId, canonicalId, email }) => {
    const viaId = canonicalId ? byId.get(canonicalId) : undefined;
    const viaEmail = email ? byId.get(byEmail.get(email) ?? '') : undefined;
    // Naming both a userId and an email, the event must name one user by both: never pick one of two people.
    if (userId && email)
      return { named: true, user: canonicalId ? (viaId === viaEmail ? viaId : undefined) : viaEmail };
    return { named: false, user: viaId ?? viaEmail };
  });
}

/** Applies events (locked, in delivery order) to their users; the audit entries carry each delivery's request. */
async function applyEvents(
  em: EntityManager,
  due: { event: IRegistryEvent; request: { requestId?: string } }[],
  attempt: number,
): Promise<{ outcomes: Applied[]; audit: AuditInput[] }> {
  const found = await namedUsers(
    em,
    due.map((d) => d.event),
  );
  const outcomes: Applied[] = [];
  const audit: AuditInput[] = [];
  due.forEach(({ event, request }, i) => {
    const { named, user } = found[i];
    const eventId = event.eventId;
    const kycStatus = ACTED_UPON[event.type];
    if (!kycStatus || !user) {
      const reason = !kycStatus
        ? `event type ${event.type} is not acted upon`
        : named
          ? 'no user matches the event: its userId and email must name the same user'
          : 'no user matches the event (userId or email)';
      em.assign(event, { status: 'failed', failureReason: reason, attempts: attempt });
      outcomes.push({ eventId, state: 'failed', reason, request });
      audit.push({
        action: 'registry_event.fail',
        subjectType: 'registry_event',
        subjectId: eventId,
        summary: { reason, attempt },
        request,
      });
      return;
    }
    const from = user.kycStatus;
    em.assign(user, {
      kycStatus,
      kycReference: dataText(event.payload, 'reference') ?? user.kycReference,
      nationalId: dataText(event.payload, 'nationalId') ?? user.nationalId,
    });
    em.assign(event, { status: 'processed', failureReason: null, attempts: attempt, processedAt: new Date() });
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
  });
  return { outcomes, audit };
}
