import { Type } from 'typebox';
import {
  CreateIdPatternBody,
  ID_PATTERNS_TAG,
  IdPattern,
  UpdateIdPatternBody,
} from '../../../shared/domain/id-patterns/index.js';
import {
  CreateOperationalPolicyBody,
  OPERATIONAL_POLICIES_TAG,
  OperationalPolicy,
  OperationalPolicyFilters,
  settingRules,
  UpdateOperationalPolicyBody,
} from '../../../shared/domain/operational-policies/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const PatternIdParams = Type.Object({ id: IdOf('The identifier pattern') });
const PolicyIdParams = Type.Object({ id: IdOf('The operational policy') });

export const listIdPatternsSchema = {
  operationId: 'listIdPatterns',
  tags: ID_PATTERNS_TAG,
  summary: 'List identifier patterns',
  description: 'Every identifier pattern, newest first unless sorted; q over entity, pattern and description.',
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('entity, pattern or description') },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(IdPattern), ...ERROR_RESPONSES },
};
export const createIdPatternSchema = {
  operationId: 'createIdPattern',
  tags: ID_PATTERNS_TAG,
  summary: 'Create an identifier pattern',
  description:
    'A pattern for an entity, active unless told otherwise; its sequence starts at 1. An invalid pattern answers 400 naming the problem; a second active pattern of the entity answers 409.',
  body: CreateIdPatternBody,
  response: { 201: Envelope(IdPattern, 'The pattern'), ...ERROR_RESPONSES },
};
export const getIdPatternSchema = {
  operationId: 'getIdPattern',
  tags: ID_PATTERNS_TAG,
  summary: 'Get an identifier pattern',
  description: 'One identifier pattern.',
  params: PatternIdParams,
  response: { 200: Envelope(IdPattern, 'The pattern'), ...ERROR_RESPONSES },
};
export const updateIdPatternSchema = {
  operationId: 'updateIdPattern',
  tags: ID_PATTERNS_TAG,
  summary: 'Update an identifier pattern',
  description:
    'Changes the pattern, description or active flag (at least one). The sequence carries on across a change of the pattern text.',
  params: PatternIdParams,
  body: UpdateIdPatternBody,
  response: { 200: Envelope(IdPattern, 'The pattern'), ...ERROR_RESPONSES },
};

export const listOperationalPoliciesSchema = {
  operationId: 'listOperationalPolicies',
  tags: OPERATIONAL_POLICIES_TAG,
  summary: 'List operational policies',
  description: 'Every operational policy, newest first unless sorted; q over key and name.',
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('key or name'), ...OperationalPolicyFilters },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(OperationalPolicy), ...ERROR_RESPONSES },
};
export const createOperationalPolicySchema = {
  operationId: 'createOperationalPolicy',
  tags: OPERATIONAL_POLICIES_TAG,
  summary: 'Create an operational policy',
  description: `Unique per category and key (409 otherwise). The key may be given with or without its category prefix. Values of the keys the service reads are validated (400 on body.value otherwise): ${settingRules()}.`,
  body: CreateOperationalPolicyBody,
  response: { 201: Envelope(OperationalPolicy, 'The operational policy'), ...ERROR_RESPONSES },
};
export const getOperationalPolicySchema = {
  operationId: 'getOperationalPolicy',
  tags: OPERATIONAL_POLICIES_TAG,
  summary: 'Get an operational policy',
  description: 'One operational policy.',
  params: PolicyIdParams,
  response: { 200: Envelope(OperationalPolicy, 'The operational policy'), ...ERROR_RESPONSES },
};
export const updateOperationalPolicySchema = {
  operationId: 'updateOperationalPolicy',
  tags: OPERATIONAL_POLICIES_TAG,
  summary: 'Update an operational policy',
  description: `Changes name, value, description or active (at least one); a change the service reads applies to the next request. Values of the keys the service reads are validated as on create: ${settingRules()}.`,
  params: PolicyIdParams,
  body: UpdateOperationalPolicyBody,
  response: { 200: Envelope(OperationalPolicy, 'The operational policy'), ...ERROR_RESPONSES },
};
