import { Type } from 'typebox';
import { Policy } from '../../../shared/domain/policies/index.js';
import {
  DeclineRenewalInput,
  OfferRenewalInput,
  Renewal,
  RenewalFilters,
  RENEWALS_TAG as tags,
} from '../../../shared/domain/renewals/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const RenewalEnvelope = Envelope(Renewal, 'The renewal');
const IdParams = Type.Object({ id: IdOf('The renewal') });

export const listRenewalsSchema = {
  operationId: 'listRenewals',
  tags,
  summary: 'List renewals',
  description:
    'The renewals in your data scope, newest first unless sorted. A filter naming an agent outside your scope answers 403.',
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('renewal or policy number'), ...RenewalFilters.properties },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(Renewal), ...ERROR_RESPONSES },
};

export const getRenewalSchema = {
  operationId: 'getRenewal',
  tags,
  summary: 'Get a renewal',
  description: 'One renewal of your data scope; 404 for any other.',
  params: IdParams,
  response: { 200: RenewalEnvelope, ...ERROR_RESPONSES },
};

export const generateRenewalSchema = {
  operationId: 'generateRenewal',
  tags,
  description:
    'Creates a pending renewal for the next term (the same length, from the day after effectiveTo) at the current premium. A second open renewal of the policy answers 409 CONFLICT; a policy that is not active, reinstated or expired answers 422; so does a next term the service cannot keep (ending after 2999-12-31, or longer than 50 years: 422 INVARIANT_VIOLATION, details naming the date).',
  params: Type.Object({ policyId: IdOf('The policy') }),
  response: { 201: Envelope(Renewal, 'The renewal, pending'), ...ERROR_RESPONSES },
};

export const offerRenewalSchema = {
  operationId: 'offerRenewal',
  tags,
  description: "Offers the renewal at a premium in the policy's currency, open until offerExpiresAt (in the future).",
  params: IdParams,
  body: OfferRenewalInput,
  response: { 200: RenewalEnvelope, ...ERROR_RESPONSES },
};

export const acceptRenewalSchema = {
  operationId: 'acceptRenewal',
  tags,
  description: 'Records that the holder accepted the offer; an offer past its expiry answers 422 OFFER_EXPIRED.',
  params: IdParams,
  response: { 200: RenewalEnvelope, ...ERROR_RESPONSES },
};

export const declineRenewalSchema = {
  operationId: 'declineRenewal',
  tags,
  description: 'Records that the renewal will not happen, with the reason.',
  params: IdParams,
  body: DeclineRenewalInput,
  response: { 200: RenewalEnvelope, ...ERROR_RESPONSES },
};

export const convertRenewalSchema = {
  operationId: 'convertRenewal',
  tags,
  description:
    'Issues the next policy (active, for the renewal term, at the offered premium) and marks the old one renewed, both linked, in one transaction.',
  params: IdParams,
  response: {
    200: Envelope(Type.Object({ renewal: Renewal, policy: Policy }), 'The renewal, converted, and the new policy'),
    ...ERROR_RESPONSES,
  },
};
