import { type Static, Type } from 'typebox';
import { component, Int64, Nullable, Timestamp, tag } from '../../kernel/schema.js';

export const AUDIT_TAG = tag(
  'audit',
  'The audit trail: every change, who made it and from where, in a tamper-evident hash chain.',
);

export const AuditEntry = component(
  'AuditEntry',
  Type.Object(
    {
      id: Type.String({ maxLength: 64 }),
      seq: Type.Union([Int64(), Type.Null()], {
        description: 'Place in the hash chain; null until the audit worker chains it',
      }),
      prevHash: Nullable(Type.String({ maxLength: 64 })),
      hash: Nullable(Type.String({ maxLength: 64 })),
      actorId: Type.String({ maxLength: 64, description: 'A user id, or system, webhook, anonymous' }),
      action: Type.String({ maxLength: 64, description: 'e.g. user.suspend' }),
      subjectType: Type.String({ maxLength: 64 }),
      subjectId: Nullable(Type.String({ maxLength: 128 })),
      requestId: Nullable(
        Type.String({ maxLength: 128, description: "The service's id of the request (or job) that made the change" }),
      ),
      correlationId: Nullable(
        Type.String({
          maxLength: 128,
          description: "The client's own id of that request (X-Correlation-Id or X-Request-Id), if it sent one",
        }),
      ),
      ip: Nullable(Type.String({ maxLength: 45 })),
      summary: Type.Record(Type.String(), Type.Unknown(), { description: 'What changed, per action' }),
      occurredAt: Timestamp,
    },
    { description: 'One entry of the audit trail' },
  ),
);
export type AuditEntryView = Static<typeof AuditEntry>;

/** The filters of the audit list (GET /audit), besides the page. */
export const AuditFilters = Type.Object({
  subjectType: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'Only entries about this kind of subject, e.g. user' }),
  ),
  subjectId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 128, description: 'Only entries about this subject' }),
  ),
  actorId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'Only entries by this actor (a user id, system, webhook or anonymous)',
    }),
  ),
  action: Type.Optional(
    Type.String({ minLength: 1, maxLength: 128, description: 'Only entries of this action, e.g. user.suspend' }),
  ),
  from: Type.Optional(
    Type.String({ format: 'date-time', maxLength: 30, description: 'Entries that occurred at or after this time' }),
  ),
  to: Type.Optional(
    Type.String({ format: 'date-time', maxLength: 30, description: 'Entries that occurred before this time' }),
  ),
});
export type AuditFilters = Static<typeof AuditFilters>;

/** The verdict on the hash chain: firstInvalidSeq is the first entry changed or missing. */
export const AuditVerdict = Type.Object({
  valid: Type.Boolean(),
  checked: Int64(),
  firstInvalidSeq: Nullable(Int64()),
});
export type AuditVerdict = Static<typeof AuditVerdict>;
