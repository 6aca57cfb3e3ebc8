import { Type } from 'typebox';
import {
  AcceptQuotationInput,
  Quotation,
  QuotationFilters,
  RequestQuotationInput,
  RespondToQuotationInput,
  QUOTATIONS_TAG as tags,
} from '../../../shared/domain/quotations/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const QuotationEnvelope = Envelope(Quotation, 'The quotation');
const IdParams = Type.Object({ id: IdOf('The quotation') });

export const listQuotationsSchema = {
  operationId: 'listQuotations',
  tags,
  summary: 'List quotations',
  description:
    'The quotations in your data scope, newest first unless sorted. A filter naming an agent or insurer outside your scope answers 403.',
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('quotation number or applicant name'), ...QuotationFilters.properties },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(Quotation), ...ERROR_RESPONSES },
};

export const getQuotationSchema = {
  operationId: 'getQuotation',
  tags,
  summary: 'Get a quotation',
  description: 'One quotation of your data scope; 404 for any other.',
  params: IdParams,
  response: { 200: QuotationEnvelope, ...ERROR_RESPONSES },
};

export const requestQuotationSchema = {
  operationId: 'requestQuotation',
  tags,
  summary: 'Request a quotation',
  description:
    "Starts a requested quotation numbered by the quotation identifier pattern. An agent requests their own (agentId defaults to them); an insurer's staff for their insurer (insurerId defaults to it).",
  body: RequestQuotationInput,
  response: { 201: Envelope(Quotation, 'The quotation, requested'), ...ERROR_RESPONSES },
};

export const respondToQuotationSchema = {
  operationId: 'respondToQuotation',
  tags,
  description:
    "Quotes a premium in the sum insured's currency (422 INVARIANT_VIOLATION otherwise), valid through validUntil (today, UTC, or later), with the terms.",
  params: IdParams,
  body: RespondToQuotationInput,
  response: { 200: QuotationEnvelope, ...ERROR_RESPONSES },
};

export const acceptQuotationSchema = {
  operationId: 'acceptQuotation',
  tags,
  description:
    'Accepts a quote that still holds (through its whole validUntil day, UTC; after it 422 INVALID_TRANSITION from expired) and issues the policy in the same transaction: the applicant as holder, the quoted premium, a one-year term from effectiveFrom (today unless given, never in the past). The answer carries the policyId.',
  params: IdParams,
  // May be left out: no body is taken as {} (see the route).
  body: AcceptQuotationInput,
  response: { 200: QuotationEnvelope, ...ERROR_RESPONSES },
};

export const withdrawQuotationSchema = {
  operationId: 'withdrawQuotation',
  tags,
  description:
    'Withdraws a requested or quoted quotation (200). Accepted, expired or withdrawn: 422 INVALID_TRANSITION; a concurrent change that won: 409 CONFLICT.',
  params: IdParams,
  response: { 200: QuotationEnvelope, ...ERROR_RESPONSES },
};

const SweepJob = Type.Object(
  {
    jobId: Type.String({ maxLength: 128, description: 'The BullMQ job of the sweep, as Bull Board shows it' }),
    state: Type.String({ maxLength: 32, description: 'The job state: waiting, active, ...' }),
  },
  { additionalProperties: false },
);

export const sweepQuotationsSchema = {
  operationId: 'sweepExpiredQuotations',
  tags,
  summary: 'Run the quotation expiry sweep now',
  description:
    'Hands the expiry sweep to the quotations worker: 201 when a new sweep was queued, 200 with the sweep already waiting or running (no second sweep).',
  response: {
    200: Envelope(SweepJob, 'The sweep already waiting or running'),
    201: Envelope(SweepJob, 'The sweep queued'),
    ...ERROR_RESPONSES,
  },
};
