import { type Static, Type } from 'typebox';
import { CalendarDate, component, Nullable, PlainText, Timestamp } from '../../kernel/schema.js';

/** Catastrophe events claims may reference: platform-wide reference data, keyed by an id the client chooses. */
export const CatastropheEventId = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$',
  maxLength: 64,
  description: 'Chosen by the client, e.g. FLOOD-2026-04-NAIROBI',
});

export const CatastropheEvent = component(
  'CatastropheEvent',
  Type.Object(
    {
      id: Type.String({ maxLength: 64 }),
      name: Type.String({ maxLength: 255 }),
      peril: Type.String({ maxLength: 64, description: 'e.g. flood, storm, earthquake, wildfire, drought' }),
      region: Type.String({ maxLength: 200 }),
      startsOn: CalendarDate,
      endsOn: Nullable(CalendarDate),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'A catastrophe claims may reference' },
  ),
);
/** A catastrophe event as the API shows it. */
export type CatastropheEventView = Static<typeof CatastropheEvent>;

/** What it takes to create or replace a catastrophe event (its id is the path's). */
export const UpsertCatastropheEventInput = Type.Object(
  {
    name: PlainText(200),
    peril: PlainText(64, { description: 'e.g. flood, storm, earthquake, wildfire, drought' }),
    region: PlainText(200),
    startsOn: CalendarDate,
    endsOn: Type.Optional(Nullable(CalendarDate)),
  },
  { additionalProperties: false },
);
export type UpsertCatastropheEventInput = Static<typeof UpsertCatastropheEventInput> & { id: string };
