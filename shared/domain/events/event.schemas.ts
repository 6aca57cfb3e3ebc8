import { type Static, Type } from 'typebox';
import { component, Timestamp, tag } from '../../kernel/schema.js';

export const EVENTS_TAG = tag(
  'events',
  'Integration events: one per committed change an integrator hears of (a claim settled, a policy cancelled), as a feed to poll and as outbound webhooks.',
);

/** An event as the feed lists it and a webhook delivers it: `{ id, type, occurredAt, data }`. */
export const PublishedEvent = component(
  'Event',
  Type.Object(
    {
      id: Type.String({
        maxLength: 64,
        description: 'The event id; a webhook delivery carries it as webhook-id. Deduplicate by it.',
      }),
      type: Type.String({ maxLength: 64, description: 'e.g. claim.settled (see the types filter of GET /events)' }),
      occurredAt: Timestamp,
      subject: Type.Object(
        { type: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) },
        { description: 'The record the event is about' },
      ),
      data: Type.Unknown({
        description:
          'The resource as GET returned it when the change committed: a policy, claim (without its records), renewal, quotation or dispute, or for claim.payment_recorded the payment',
      }),
    },
    { description: 'An integration event' },
  ),
);
export type PublishedEventView = Static<typeof PublishedEvent>;
