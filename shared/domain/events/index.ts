/** Integration events: the feed integrators poll (GET /events); outbound webhooks deliver the same events. */

import { defineDomain } from '../../kernel/manifest.js';
import { EVENT_PERMISSIONS } from './events.permissions.js';

export { EVENTS_TAG, PublishedEvent, type PublishedEventView } from './event.schemas.js';
export { type EventPage, readEventFeed } from './event-feed.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const eventsDomain = defineDomain({
  name: 'events',
  permissions: EVENT_PERMISSIONS,
  entities: [],
});
