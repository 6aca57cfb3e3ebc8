import { Type } from 'typebox';
import {
  DISPUTE_OUTCOMES,
  DISPUTE_SEVERITIES,
  DISPUTE_STATUSES,
  DISPUTE_SUBJECTS,
} from '../../../shared/domain/disputes/dispute.entity.js';
import { component, IdOf, Nullable, PlainText, StringEnum, Timestamp, tag } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const tags = tag(
  'disputes',
  'Disputes about claims, payments, commissions and referrals: visible to whoever raised them and to data scope all; escalated by the service when their eight-week deadline passes.',
);

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const SubjectId = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' });

export const Dispute = component(
  'Dispute',
  Type.Object(
    {
      id: Type.String(),
      disputeNumber: Type.String(),
      status: StringEnum(DISPUTE_STATUSES),
      subjectType: StringEnum(DISPUTE_SUBJECTS),
      subjectId: Type.String({ description: 'A claim id, or the id of a record of a neighbouring system' }),
      raisedBy: Type.String(),
      reason: Type.String(),
      description: Nullable(Type.String()),
      severity: Nullable(StringEnum(DISPUTE_SEVERITIES)),
      assigneeId: Nullable(Type.String()),
      triageNote: Nullable(Type.String()),
      outcome: Nullable(StringEnum(DISPUTE_OUTCOMES)),
      resolution: Nullable(Type.String()),
      withdrawReason: Nullable(Type.String()),
      responseDueAt: Timestamp,
      resolvedAt: Nullable(Timestamp),
      closedAt: Nullable(Timestamp),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'A dispute' },
  ),
);

const DisputeEnvelope = Envelope(Dispute, 'The dispute');
const IdParams = Type.Object({ id: IdOf('The dispute') });

export const listDisputesSchema = {
  operationId: 'listDisputes',
  tags,
  summary: 'List disputes',
  description: 'The disputes you raised (every dispute with data scope all), newest first unless sorted.',
  querystring: Type.Object(
    {
      ...PageQuery,
      q: SearchQuery('number or reason'),
      status: Type.Optional(StringEnum(DISPUTE_STATUSES, { description: 'Only disputes in this status' })),
      subjectType: Type.Optional(
        StringEnum(DISPUTE_SUBJECTS, { description: 'Only disputes about this kind of record' }),
      ),
      subjectId: Type.Optional(SubjectId),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(Dispute), ...ERROR_RESPONSES },
};

export const raiseDisputeSchema = {
  operationId: 'raiseDispute',
  tags,
  summary: 'Raise a dispute',
  description:
    'Raises a dispute, due for its final response eight weeks later. A claim must exist and be visible to you (404 otherwise); other subjects are kept as given.',
  body: Type.Object(
    {
      subjectType: StringEnum(DISPUTE_SUBJECTS),
      subjectId: SubjectId,
      reason: Text(500),
      description: Type.Optional(PlainText(4000)),
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(Dispute, 'The dispute, open'), ...ERROR_RESPONSES },
};

export const getDisputeSchema = {
  operationId: 'getDispute',
  tags,
  summary: 'Get a dispute',
  description: 'One dispute you raised (any, with data scope all); 404 for any other.',
  params: IdParams,
  response: { 200: DisputeEnvelope, ...ERROR_RESPONSES },
};

// The summaries of the workflow actions come from the workflow table (api/http/workflow-route.ts).
export const triageDisputeSchema = {
  operationId: 'triageDispute',
  tags,
  description: 'Sets the severity and, optionally, the handler (an active user) and a note.',
  params: IdParams,
  body: Type.Object(
    {
      severity: StringEnum(DISPUTE_SEVERITIES),
      assigneeId: Type.Optional(IdOf('The handler')),
      note: Type.Optional(Text(2000)),
    },
    { additionalProperties: false },
  ),
  response: { 200: DisputeEnvelope, ...ERROR_RESPONSES },
};

export const resolveDisputeSchema = {
  operationId: 'resolveDispute',
  tags,
  description:
    'Resolves a triaged dispute to upheld, rejected or escalated, or an escalated one to upheld or rejected, with the resolution text.',
  params: IdParams,
  body: Type.Object({ outcome: StringEnum(DISPUTE_OUTCOMES), resolution: Text(4000) }, { additionalProperties: false }),
  response: { 200: DisputeEnvelope, ...ERROR_RESPONSES },
};

export const withdrawDisputeSchema = {
  operationId: 'withdrawDispute',
  tags,
  description: 'Withdraws an open or triaged dispute, with the reason.',
  params: IdParams,
  body: Type.Object({ reason: Text(500) }, { additionalProperties: false }),
  response: { 200: DisputeEnvelope, ...ERROR_RESPONSES },
};
