import { type Static, Type } from 'typebox';
import { component, StringEnum, Timestamp, tag } from '../../kernel/schema.js';

export const WEBHOOKS_TAG = tag(
  'webhooks',
  'Events pushed by partner systems, signed as Standard Webhooks; no bearer token.',
);

/** An event of the identity registry, as delivered (the body of POST /webhooks/registry). */
export const RegistryEvent = component(
  'RegistryEvent',
  Type.Object(
    {
      eventId: Type.String({
        minLength: 1,
        maxLength: 128,
        pattern: '^[A-Za-z0-9._:-]+$',
        description: 'Unique per event; equals the webhook-id header',
      }),
      type: Type.String({ minLength: 1, maxLength: 100, description: 'e.g. identity.verified' }),
      occurredAt: Timestamp,
      data: Type.Object(
        {},
        { additionalProperties: true, description: 'identity.* events: { email or userId, nationalId, reference }' },
      ),
    },
    { additionalProperties: false, description: 'An event of the identity registry' },
  ),
);
export type RegistryEventInput = Static<typeof RegistryEvent>;

/** What became of a delivered event. */
export const RegistryEventReceipt = component(
  'RegistryEventReceipt',
  Type.Object(
    {
      eventId: Type.String(),
      status: StringEnum(['queued', 'ignored'], {
        description: 'queued: it will be processed; ignored: a type not acted upon',
      }),
    },
    { description: 'What became of a registry event' },
  ),
);
export type ReceivedEvent = Static<typeof RegistryEventReceipt>;
