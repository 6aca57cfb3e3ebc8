import { Type } from 'typebox';
import { PUBLISHED_EVENT_TYPES, PUBLISHED_EVENTS } from '../../../shared/catalogues.js';
import { PublishedEvent, EVENTS_TAG as tags } from '../../../shared/domain/events/index.js';
import { Int32 } from '../../../shared/kernel/schema.js';
import { ERROR_RESPONSES, FeedEnvelope } from '../../http/envelope.js';

const typeList = PUBLISHED_EVENT_TYPES.map((t) => `\`${t}\` (${PUBLISHED_EVENTS[t].means})`).join('; ');

export const listEventsSchema = {
  operationId: 'listEvents',
  tags,
  summary: 'Read the event feed',
  description: `The integration events of your data scope after \`after\`, oldest first: the same events outbound webhooks deliver. Keep \`meta.page.nextCursor\` and pass it as \`after\` next time: you see every event once, in order, and an event whose change commits later never lands before a cursor you hold. An empty page means you are caught up; \`hasMore\` says whether to read again at once. Types: ${typeList}.`,
  querystring: Type.Object(
    {
      after: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 64,
          description: 'A cursor from meta.page.nextCursor; none: from the first event',
        }),
      ),
      types: Type.Optional(
        Type.String({
          maxLength: 1000,
          pattern: '^[a-z_]+\\.[a-z_]+(,[a-z_]+\\.[a-z_]+)*$',
          description: 'Comma-separated event types: only these',
        }),
      ),
      limit: Type.Optional(Int32({ minimum: 1, maximum: 100, default: 50 })),
    },
    { additionalProperties: false },
  ),
  response: { 200: FeedEnvelope(PublishedEvent), ...ERROR_RESPONSES },
};
