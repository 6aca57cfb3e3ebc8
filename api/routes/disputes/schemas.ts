import { Type } from 'typebox';
import {
  Dispute,
  DisputeFilters,
  RaiseDisputeInput,
  ResolveDisputeInput,
  TriageDisputeInput,
  DISPUTES_TAG as tags,
  WithdrawDisputeInput,
} from '../../../shared/domain/disputes/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const DisputeEnvelope = Envelope(Dispute, 'The dispute');
const IdParams = Type.Object({ id: IdOf('The dispute') });

export const listDisputesSchema = {
  operationId: 'listDisputes',
  tags,
  summary: 'List disputes',
  description: 'The disputes you raised (every dispute with data scope all), newest first unless sorted.',
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('number or reason'), ...DisputeFilters.properties },
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
  body: RaiseDisputeInput,
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
  body: TriageDisputeInput,
  response: { 200: DisputeEnvelope, ...ERROR_RESPONSES },
};

export const resolveDisputeSchema = {
  operationId: 'resolveDispute',
  tags,
  description:
    'Resolves a triaged dispute to upheld, rejected or escalated, or an escalated one to upheld or rejected, with the resolution text.',
  params: IdParams,
  body: ResolveDisputeInput,
  response: { 200: DisputeEnvelope, ...ERROR_RESPONSES },
};

export const withdrawDisputeSchema = {
  operationId: 'withdrawDispute',
  tags,
  description: 'Withdraws an open or triaged dispute, with the reason.',
  params: IdParams,
  body: WithdrawDisputeInput,
  response: { 200: DisputeEnvelope, ...ERROR_RESPONSES },
};
