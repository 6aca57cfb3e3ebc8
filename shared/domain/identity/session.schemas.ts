import { type Static, Type } from 'typebox';
import { component, Nullable, Timestamp } from '../../kernel/schema.js';

export const Session = component(
  'Session',
  Type.Object(
    {
      familyId: Type.String(),
      current: Type.Boolean({ description: 'The session of this request' }),
      createdAt: Timestamp,
      lastUsedAt: Timestamp,
      expiresAt: Timestamp,
      userAgent: Nullable(Type.String()),
      ip: Nullable(Type.String()),
    },
    { description: 'A live session: one signed-in device, its refresh tokens one family' },
  ),
);
/** One of the caller's live sessions, as GET /auth/sessions lists it. */
export type SessionView = Static<typeof Session>;
