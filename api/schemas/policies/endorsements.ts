import { Type } from 'typebox';
import { ENDORSEMENT_STATUSES, ENDORSEMENT_TYPES } from '../../../shared/domain/policies/policy.entity.js';
import { Money } from '../../../shared/kernel/money.js';
import {
  CalendarDate,
  component,
  IdOf,
  Nullable,
  Phone,
  PlainText,
  StringEnum,
  Timestamp,
} from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { HolderEmail, HolderName, IdParams, NationalId, Policy, tags } from './index.js';

/** Endorsements: changes to a policy, proposed by one user and approved by another. */
const EndorsementChanges = Type.Object(
  {
    sumInsured: Type.Optional(Money),
    premium: Type.Optional(Money),
    holder: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(HolderName),
          email: Type.Optional(Nullable(HolderEmail)),
          phone: Type.Optional(Nullable(Phone)),
          nationalId: Type.Optional(Nullable(NationalId)),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
    ),
    effectiveTo: Type.Optional(CalendarDate),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: 'What the endorsement changes on the policy when approved; money in the policy currency',
  },
);

export const Endorsement = component(
  'Endorsement',
  Type.Object(
    {
      id: Type.String(),
      policyId: Type.String(),
      endorsementNumber: Type.String(),
      status: StringEnum(ENDORSEMENT_STATUSES, {
        description: 'pending until approved; withdrawn when its policy was cancelled first',
      }),
      type: StringEnum(ENDORSEMENT_TYPES),
      description: Type.String(),
      effectiveDate: CalendarDate,
      changes: EndorsementChanges,
      createdBy: Type.String({ description: 'The user who created it' }),
      approvedBy: Nullable(Type.String()),
      approvedAt: Nullable(Timestamp),
      withdrawnAt: Nullable(Timestamp),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'A change to a policy, applied when approved' },
  ),
);

export const createEndorsementSchema = {
  operationId: 'createEndorsement',
  tags,
  description:
    "Proposes a change to an active or reinstated policy; it applies when approved. effectiveDate is within the policy's period; money changes are in the policy currency; changes.effectiveTo keeps the term at most 50 years (400).",
  params: IdParams,
  body: Type.Object(
    {
      type: StringEnum(ENDORSEMENT_TYPES),
      description: PlainText(1000),
      effectiveDate: CalendarDate,
      changes: EndorsementChanges,
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(Endorsement, 'The endorsement, pending'), ...ERROR_RESPONSES },
};

export const listEndorsementsSchema = {
  operationId: 'listEndorsements',
  tags,
  summary: 'List endorsements of a policy',
  description: 'The endorsements of a policy in your data scope, oldest first.',
  params: IdParams,
  querystring: Type.Object(
    {
      limit: PageQuery.limit,
      cursor: PageQuery.cursor,
      status: Type.Optional(StringEnum(ENDORSEMENT_STATUSES, { description: 'Only endorsements in this status' })),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(Endorsement), ...ERROR_RESPONSES },
};

export const approveEndorsementSchema = {
  operationId: 'approveEndorsement',
  tags,
  description:
    'Approves a pending endorsement and applies its changes to the policy in the same transaction. A second approval answers 422 INVALID_TRANSITION; the user who created the endorsement cannot approve it (403 FORBIDDEN, details.reason four_eyes), whatever they hold.',
  params: Type.Object({ id: IdOf('The policy'), endorsementId: IdOf('The endorsement') }),
  response: {
    200: Envelope(
      Type.Object({ endorsement: Endorsement, policy: Policy }),
      'The endorsement, approved, and the policy with its changes',
    ),
    ...ERROR_RESPONSES,
  },
};
