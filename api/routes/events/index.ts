import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PUBLISHED_EVENT_TYPES } from '../../../shared/catalogues.js';
import { readEventFeed } from '../../../shared/domain/events/index.js';
import { ValidationError } from '../../../shared/kernel/errors.js';
import type { PublishedEventType } from '../../../shared/kernel/published-events.js';
import { metaOf } from '../../http/correlation.js';
import { can } from '../../http/operation.js';
import { userActOf } from '../../http/reply.js';
import * as s from './schemas.js';

const KNOWN = new Set<string>(PUBLISHED_EVENT_TYPES);

/** `types=a,b`: each a published type, or 400 naming the parameter. */
function typesOf(raw: string | undefined): PublishedEventType[] | undefined {
  if (raw === undefined) return undefined;
  const types = [...new Set(raw.split(','))];
  const unknown = types.filter((t) => !KNOWN.has(t));
  if (unknown.length)
    throw new ValidationError([
      { field: 'query.types', message: `names no event type: ${unknown.join(', ')}`, constraint: 'enum' },
    ]);
  return types as PublishedEventType[];
}

const events: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/events', { config: can('event:read'), schema: s.listEventsSchema }, async (request) => {
    const limit = request.query.limit ?? 50;
    const page = await readEventFeed(app.deps, userActOf(request), {
      after: request.query.after,
      types: typesOf(request.query.types),
      limit,
    });
    return {
      data: page.items,
      meta: { ...metaOf(request), page: { limit, nextCursor: page.nextCursor, hasMore: page.hasMore } },
    };
  });
};

export default events;
