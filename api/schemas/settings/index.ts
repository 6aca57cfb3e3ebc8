import { Type } from 'typebox';
import { ID_ENTITIES } from '../../../shared/domain/id-patterns/id-pattern.entity.js';
import { POLICY_CATEGORIES } from '../../../shared/domain/operational-policies/operational-policy.entity.js';
import { settingRules } from '../../../shared/domain/operational-policies/settings.js';
import { component, IdOf, Nullable, PlainText, StringEnum, Timestamp, tag } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const patternTags = tag(
  'id-patterns',
  'Identifier patterns: how policy, claim, renewal, endorsement, quotation and dispute numbers look.',
);
const policyTags = tag(
  'operational-policies',
  'Operational policies: configuration records by category and key; the ones the service reads apply at once.',
);

const PatternText = Type.String({
  minLength: 1,
  maxLength: 64,
  description:
    'Literal letters, digits, - _ / . and the tokens {YYYY} {YY} {MM} {DD} (UTC), {SEQ:n} (the gapless sequence, n 4..12), {RAND:n} (random capitals and digits, n 4..12); needs {SEQ:n} or a {RAND:n} of at least 6',
});
const Description = PlainText(500, { minLength: 0 });

export const IdPattern = component(
  'IdPattern',
  Type.Object(
    {
      id: Type.String(),
      entity: StringEnum(ID_ENTITIES),
      pattern: Type.String(),
      description: Nullable(Type.String()),
      active: Type.Boolean({ description: 'The one pattern numbering its entity (at most one active per entity)' }),
      nextSequence: Type.Integer({ description: 'The {SEQ:n} value the next number takes' }),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'An identifier pattern' },
  ),
);

export const OperationalPolicy = component(
  'OperationalPolicy',
  Type.Object(
    {
      id: Type.String(),
      category: StringEnum(POLICY_CATEGORIES),
      key: Type.String({ description: 'Dotted, starting with the category, e.g. security.lockoutThreshold' }),
      name: Type.String(),
      value: Type.Unknown({ description: 'Any JSON; validated for the keys the service reads' }),
      description: Nullable(Type.String()),
      active: Type.Boolean(),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'An operational policy' },
  ),
);

const PatternIdParams = Type.Object({ id: IdOf('The identifier pattern') });
const PolicyIdParams = Type.Object({ id: IdOf('The operational policy') });

export const listIdPatternsSchema = {
  operationId: 'listIdPatterns',
  tags: patternTags,
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
  tags: patternTags,
  summary: 'Create an identifier pattern',
  description:
    'A pattern for an entity, active unless told otherwise; its sequence starts at 1. An invalid pattern answers 400 naming the problem; a second active pattern of the entity answers 409.',
  body: Type.Object(
    {
      entity: StringEnum(ID_ENTITIES),
      pattern: PatternText,
      description: Type.Optional(Description),
      active: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(IdPattern, 'The pattern'), ...ERROR_RESPONSES },
};
export const getIdPatternSchema = {
  operationId: 'getIdPattern',
  tags: patternTags,
  summary: 'Get an identifier pattern',
  description: 'One identifier pattern.',
  params: PatternIdParams,
  response: { 200: Envelope(IdPattern, 'The pattern'), ...ERROR_RESPONSES },
};
export const updateIdPatternSchema = {
  operationId: 'updateIdPattern',
  tags: patternTags,
  summary: 'Update an identifier pattern',
  description:
    'Changes the pattern, description or active flag (at least one). The sequence carries on across a change of the pattern text.',
  params: PatternIdParams,
  body: Type.Object(
    {
      pattern: Type.Optional(PatternText),
      description: Type.Optional(Nullable(Description)),
      active: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: { 200: Envelope(IdPattern, 'The pattern'), ...ERROR_RESPONSES },
};

export const listOperationalPoliciesSchema = {
  operationId: 'listOperationalPolicies',
  tags: policyTags,
  summary: 'List operational policies',
  description: 'Every operational policy, newest first unless sorted; q over key and name.',
  querystring: Type.Object(
    {
      ...PageQuery,
      q: SearchQuery('key or name'),
      category: Type.Optional(StringEnum(POLICY_CATEGORIES, { description: 'Only this category' })),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(OperationalPolicy), ...ERROR_RESPONSES },
};
export const createOperationalPolicySchema = {
  operationId: 'createOperationalPolicy',
  tags: policyTags,
  summary: 'Create an operational policy',
  description: `Unique per category and key (409 otherwise). The key may be given with or without its category prefix. Values of the keys the service reads are validated (400 on body.value otherwise): ${settingRules()}.`,
  body: Type.Object(
    {
      category: StringEnum(POLICY_CATEGORIES),
      key: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)?$' }),
      name: PlainText(200),
      value: Type.Unknown({ description: 'Any JSON value but null, at most 16 KiB as JSON text' }),
      description: Type.Optional(Description),
      active: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(OperationalPolicy, 'The operational policy'), ...ERROR_RESPONSES },
};
export const getOperationalPolicySchema = {
  operationId: 'getOperationalPolicy',
  tags: policyTags,
  summary: 'Get an operational policy',
  description: 'One operational policy.',
  params: PolicyIdParams,
  response: { 200: Envelope(OperationalPolicy, 'The operational policy'), ...ERROR_RESPONSES },
};
export const updateOperationalPolicySchema = {
  operationId: 'updateOperationalPolicy',
  tags: policyTags,
  summary: 'Update an operational policy',
  description: `Changes name, value, description or active (at least one); a change the service reads applies to the next request. Values of the keys the service reads are validated as on create: ${settingRules()}.`,
  params: PolicyIdParams,
  body: Type.Object(
    {
      name: Type.Optional(PlainText(200)),
      value: Type.Optional(Type.Unknown({ description: 'Any JSON value but null, at most 16 KiB as JSON text' })),
      description: Type.Optional(Nullable(Description)),
      active: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: { 200: Envelope(OperationalPolicy, 'The operational policy'), ...ERROR_RESPONSES },
};
