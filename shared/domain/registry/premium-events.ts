import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import { DomainError } from '../../kernel/errors.js';
import type { PublishInput } from '../../kernel/published-events.js';
import { type AuditInput, WEBHOOK_ACTOR } from '../../kernel/unit-of-work.js';
import { type PayablePolicy, payInstalment } from '../premiums/index.js';
import { failedEventAudit } from './delivery.js';
import type { PremiumPaidData } from './registry.schemas.js';

/** The event type that records a premium payment. */
export const PREMIUM_PAID = 'premium.paid';

/**
 * The data of a stored premium.paid event, as the intake checked it against PremiumPaidData (the
 * body's schema, formats included); checked again here for its shape only, the row being older than
 * the code that reads it.
 */
function paymentIn(data: unknown): PremiumPaidData | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { policyNumber, amount, reference, paidAt } = data as Record<string, unknown>;
  const money = amount as Record<string, unknown> | null;
  const valid =
    typeof policyNumber === 'string' &&
    typeof reference === 'string' &&
    typeof paidAt === 'string' &&
    !Number.isNaN(Date.parse(paidAt)) &&
    typeof money === 'object' &&
    money !== null &&
    Number.isSafeInteger(money.amountMinor) &&
    (money.amountMinor as number) > 0 &&
    typeof money.currency === 'string';
  return valid ? (data as PremiumPaidData) : undefined;
}

/** A claimed premium.paid event: its stored payload and the ids of the delivery that brought it. */
interface PremiumEvent {
  event: { event_id: string; payload: Record<string, unknown> };
  request: { requestId?: string; correlationId?: string };
}

type Outcome =
  | { eventId: string; state: 'processed' }
  | { eventId: string; state: 'failed'; reason: string; request: PremiumEvent['request'] };

/**
 * Applies claimed `premium.paid` events, each as a premium payment on the oldest instalment still
 * owed of the policy it names, as POST .../payments records one: never more than is still due, once
 * per reference on the policy. Policy by policy in id order, each policy's events in delivery order:
 * every transaction that pays or re-spreads locks a policy's instalments (in seq order) before its
 * policy row, so taking policies in one order keeps two jobs, or a job and an endorsement's approval,
 * from waiting on each other. An event that cannot be applied (no such policy, more than is due, a
 * reference already recorded, another currency) is refused before it writes anything and is kept
 * failed with the reason; the rest of the batch is applied.
 */
export async function applyPremiumEvents(em: EntityManager, events: PremiumEvent[], attempt: number) {
  const outcomes: Outcome[] = [];
  const audit: AuditInput[] = [];
  const publish: PublishInput[] = [];
  const datas = events.map(({ event }) => paymentIn(event.payload.data));
  const numbers = [...new Set(datas.flatMap((d) => (d ? [d.policyNumber] : [])))];
  const policies = new Map<string, PayablePolicy>();
  if (numbers.length)
    for (const p of await db(em)
      .selectFrom('policies')
      .select(['id', 'policy_number', 'agent_id', 'insurer_id'])
      .where('policy_number', 'in', numbers)
      .execute())
      policies.set(p.policy_number, p);
  const policyIdOf = (i: number) => {
    const data = datas[i];
    return (data && policies.get(data.policyNumber)?.id) ?? '';
  };
  // Stable: a policy's events keep their delivery order.
  const order = events.map((_, i) => i).sort((a, b) => policyIdOf(a).localeCompare(policyIdOf(b)));

  for (const i of order) {
    const { event, request } = events[i];
    const eventId = event.event_id;
    const data = datas[i];
    let reason: string;
    if (!data) reason = 'data is not a premium payment: { policyNumber, amount, reference, paidAt }';
    else {
      const policy = policies.get(data.policyNumber);
      if (!policy) reason = `no policy has the number ${data.policyNumber}`;
      else {
        try {
          const paid = await payInstalment(em, policy, 'oldest-owed', { ...data, method: 'registry' }, WEBHOOK_ACTOR);
          outcomes.push({ eventId, state: 'processed' });
          audit.push(
            { ...paid.audit, summary: { ...paid.audit.summary, eventId }, request },
            {
              action: 'registry_event.process',
              subjectType: 'registry_event',
              subjectId: eventId,
              summary: { type: PREMIUM_PAID },
              request,
            },
          );
          publish.push(paid.publish);
          continue;
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          reason = `${err.code}: ${err.message}`;
        }
      }
    }
    outcomes.push({ eventId, state: 'failed', reason, request });
    audit.push(failedEventAudit(eventId, reason, attempt, request));
  }
  return { outcomes, audit, publish };
}
