import { type Static, Type } from 'typebox';
import { component, Nullable, Timestamp, Uuid } from '../../kernel/schema.js';

export const Session = component(
  'Session',
  Type.Object(
    {
      familyId: Uuid,
      current: Type.Boolean({ description: 'The session of this request' }),
      createdAt: Timestamp,
      lastUsedAt: Timestamp,
      expiresAt: Timestamp,
      userAgent: Nullable(Type.String({ maxLength: 512 })),
      ip: Nullable(Type.String({ maxLength: 45 })),
    },
    { description: 'A live session: one signed-in device, its refresh tokens one family' },
  ),
);
/** One of the caller's live sessions, as GET /auth/sessions lists it. */
export type SessionView = Static<typeof Session>;
