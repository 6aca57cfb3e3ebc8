import { Type } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { ERROR_RESPONSES, Envelope, ListEnvelope, Timestamp } from '../common.js';

export const AuditEntry = Type.Object({
  id: Type.String(),
  seq: Type.Union([Type.Integer(), Type.Null()], { description: 'Place in the hash chain; null until the audit worker chains it' }),
  prevHash: Type.Union([Type.String(), Type.Null()]),
  hash: Type.Union([Type.String(), Type.Null()]),
  actorId: Type.String({ description: 'A user id, or system, webhook, anonymous' }),
  action: Type.String(),
  subjectType: Type.String(),
  subjectId: Type.Union([Type.String(), Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  summary: Type.Record(Type.String(), Type.Unknown()),
  occurredAt: Timestamp,
});

export const listAuditSchema = {
  operationId: 'listAuditEntries', tags: ['audit'], summary: 'The audit trail, newest first by default',
  querystring: Type.Object({
    ...PageQuery,
    subjectType: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    subjectId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    actorId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
  }, { additionalProperties: false }),
  response: { 200: ListEnvelope(AuditEntry), ...ERROR_RESPONSES },
};

export const verifyAuditSchema = {
  operationId: 'verifyAuditChain', tags: ['audit'], summary: 'Recomputes the hash chain from the first entry',
  response: {
    200: Envelope(Type.Object({ valid: Type.Boolean(), checked: Type.Integer(), firstInvalidSeq: Type.Union([Type.Integer(), Type.Null()]) })),
    ...ERROR_RESPONSES,
  },
};
