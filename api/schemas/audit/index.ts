import { Type } from 'typebox';
import { component, Nullable, Timestamp, tag } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';

const tags = tag('audit', 'The audit trail: every change, who made it and from where, in a tamper-evident hash chain.');

export const AuditEntry = component(
  'AuditEntry',
  Type.Object(
    {
      id: Type.String(),
      seq: Type.Union([Type.Integer(), Type.Null()], {
        description: 'Place in the hash chain; null until the audit worker chains it',
      }),
      prevHash: Nullable(Type.String()),
      hash: Nullable(Type.String()),
      actorId: Type.String({ description: 'A user id, or system, webhook, anonymous' }),
      action: Type.String({ description: 'e.g. user.suspend' }),
      subjectType: Type.String(),
      subjectId: Nullable(Type.String()),
      requestId: Nullable(
        Type.String({ description: "The service's id of the request (or job) that made the change" }),
      ),
      correlationId: Nullable(
        Type.String({
          description: "The client's own id of that request (X-Correlation-Id or X-Request-Id), if it sent one",
        }),
      ),
      ip: Nullable(Type.String()),
      summary: Type.Record(Type.String(), Type.Unknown(), { description: 'What changed, per action' }),
      occurredAt: Timestamp,
    },
    { description: 'One entry of the audit trail' },
  ),
);

export const listAuditSchema = {
  operationId: 'listAuditEntries',
  tags,
  summary: 'List audit entries',
  description:
    'The audit trail, newest first by default (sort: occurredAt), filtered by subject, actor, action and time range. Follows data scope: without scope all you see the entries about records in your scope (policies, claims, renewals, endorsements and quotations of your insurer or your own as agent; users of your insurer or yourself; disputes raised by them) and the entries made by users in your scope. A filter naming a subject or actor outside it gives an empty list.',
  querystring: Type.Object(
    {
      ...PageQuery,
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
        Type.String({ format: 'date-time', description: 'Entries that occurred at or after this time' }),
      ),
      to: Type.Optional(Type.String({ format: 'date-time', description: 'Entries that occurred before this time' })),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(AuditEntry), ...ERROR_RESPONSES },
};

export const verifyAuditSchema = {
  operationId: 'verifyAuditChain',
  tags,
  summary: 'Verify the audit hash chain',
  description:
    'Recomputes the hash chain from the first entry; firstInvalidSeq is the first entry changed or missing. Needs data scope all (403 FORBIDDEN with details.missingPermissions ["data:scope:all"] otherwise).',
  response: {
    200: Envelope(
      Type.Object({
        valid: Type.Boolean(),
        checked: Type.Integer(),
        firstInvalidSeq: Nullable(Type.Integer()),
      }),
      'The verdict',
    ),
    ...ERROR_RESPONSES,
  },
};
