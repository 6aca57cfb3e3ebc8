import { type Static, Type } from 'typebox';
import { PositiveMoney } from '../../kernel/money.js';
import { component, Int32, Nullable, PlainText, StringEnum, Timestamp, tag } from '../../kernel/schema.js';

export const WEBHOOKS_TAG = tag(
  'webhooks',
  'Events pushed by partner systems, signed as Standard Webhooks; no bearer token.',
);

/** An event of the identity registry, as delivered (the body of POST /webhooks/registry). */
/** What an eventId may be. */
export const EventId = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9._:-]+$',
  description: 'Unique per event; equals the webhook-id header',
});

/** The data of a `premium.paid` event: a premium payment the registry saw, for a policy by its number. */
export const PremiumPaidData = component(
  'PremiumPaidData',
  Type.Object(
    {
      policyNumber: PlainText(64, { description: 'The policy the premium was paid for, e.g. POL-2026-000042' }),
      amount: PositiveMoney,
      reference: PlainText(100, {
        description: "The payment's reference: unique on the policy, so the same payment is recorded once",
      }),
      paidAt: Timestamp,
    },
    {
      additionalProperties: true,
      description: 'premium.paid: a premium payment, applied to the oldest instalment still owed',
    },
  ),
);
export type PremiumPaidData = Static<typeof PremiumPaidData>;

export const RegistryEvent = component(
  'RegistryEvent',
  Type.Object(
    {
      eventId: EventId,
      type: Type.String({ minLength: 1, maxLength: 100, description: 'e.g. identity.verified, premium.paid' }),
      occurredAt: Timestamp,
      data: Type.Object(
        {},
        {
          additionalProperties: true,
          description:
            'identity.* events: { email or userId, nationalId, reference }; premium.paid: PremiumPaidData (checked as the body is)',
        },
      ),
    },
    {
      additionalProperties: false,
      description: 'An event of the identity registry',
      // A premium.paid event's data is checked on delivery (400 naming the field), not found wrong by the worker.
      allOf: [
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited
        { if: { properties: { type: { const: 'premium.paid' } } }, then: { properties: { data: PremiumPaidData } } },
      ],
    },
  ),
);
export type RegistryEventInput = Static<typeof RegistryEvent>;

/** What became of a delivered event. */
export const RegistryEventReceipt = component(
  'RegistryEventReceipt',
  Type.Object(
    {
      eventId: Type.String({ maxLength: 128 }),
      status: StringEnum(['queued', 'ignored'], {
        description: 'queued: it will be processed; ignored: a type not acted upon',
      }),
    },
    { description: 'What became of a registry event' },
  ),
);
export type ReceivedEvent = Static<typeof RegistryEventReceipt>;

/** A received registry event as operators look it up: where it stands, never its personal data. */
export const RegistryEventRecord = component(
  'RegistryEventRecord',
  Type.Object(
    {
      eventId: Type.String({ maxLength: 128 }),
      type: Type.String({ maxLength: 64, description: 'e.g. identity.verified' }),
      status: StringEnum(['queued', 'processed', 'ignored', 'failed'], {
        description:
          'queued: waiting for a worker; processed: applied; ignored: a type not acted upon; failed: could not be applied (lastError says why), retried with backoff',
      }),
      attempts: Int32({ minimum: 0, description: 'Runs of the job applying it so far' }),
      lastError: Nullable(Type.String({ maxLength: 2000, description: 'Why the last run could not apply it' })),
      requestId: Nullable(
        Type.String({ maxLength: 128, description: 'The request id of the delivery that brought it' }),
      ),
      occurredAt: Timestamp,
      receivedAt: Timestamp,
      processedAt: Nullable(Timestamp),
    },
    {
      description:
        'A registry event as received and where it stands; the payload is not shown (it holds personal data)',
    },
  ),
);
export type RegistryEventRecordView = Static<typeof RegistryEventRecord>;

export const RegistryEventFilters = Type.Object({
  status: Type.Optional(
    StringEnum(['queued', 'processed', 'ignored', 'failed'], { description: 'Only events in this status' }),
  ),
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only events of this type' })),
});
export type RegistryEventFilters = Static<typeof RegistryEventFilters>;
