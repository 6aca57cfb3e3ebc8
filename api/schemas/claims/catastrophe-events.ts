import { Type } from 'typebox';
import { CalendarDate, component, Nullable, PlainText, Timestamp } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';
import { tags } from './records.js';

/** Catastrophe events claims may reference: platform-wide reference data, keyed by an id the client chooses. */
export const CatastropheEventId = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$',
  description: 'Chosen by the client, e.g. FLOOD-2026-04-NAIROBI',
});

export const CatastropheEvent = component(
  'CatastropheEvent',
  Type.Object(
    {
      id: Type.String(),
      name: Type.String(),
      peril: Type.String({ description: 'e.g. flood, storm, earthquake, wildfire, drought' }),
      region: Type.String(),
      startsOn: CalendarDate,
      endsOn: Nullable(CalendarDate),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'A catastrophe claims may reference' },
  ),
);

const EventIdParams = Type.Object({ id: CatastropheEventId });

export const upsertCatastropheEventSchema = {
  operationId: 'upsertCatastropheEvent',
  tags,
  summary: 'Create or update a catastrophe event',
  description:
    'Creates the event with this id (201) or replaces its fields (200). A name another event has answers 409 CONFLICT.',
  params: EventIdParams,
  body: Type.Object(
    {
      name: PlainText(200),
      peril: PlainText(64, { description: 'e.g. flood, storm, earthquake, wildfire, drought' }),
      region: PlainText(200),
      startsOn: CalendarDate,
      endsOn: Type.Optional(Nullable(CalendarDate)),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(CatastropheEvent, 'The event, updated'),
    201: Envelope(CatastropheEvent, 'The event, created'),
    ...ERROR_RESPONSES,
  },
};

export const listCatastropheEventsSchema = {
  operationId: 'listCatastropheEvents',
  tags,
  summary: 'List catastrophe events',
  description: 'Every catastrophe event, newest first unless sorted.',
  querystring: Type.Object(
    {
      ...PageQuery,
      q: SearchQuery('the name'),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(CatastropheEvent), ...ERROR_RESPONSES },
};

export const getCatastropheEventSchema = {
  operationId: 'getCatastropheEvent',
  tags,
  summary: 'Get a catastrophe event',
  description: 'One catastrophe event.',
  params: EventIdParams,
  response: { 200: Envelope(CatastropheEvent, 'The event'), ...ERROR_RESPONSES },
};
