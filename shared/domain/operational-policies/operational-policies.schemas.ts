import { type Static, Type } from 'typebox';
import { component, Nullable, PlainText, StringEnum, Timestamp, tag } from '../../kernel/schema.js';
import { POLICY_CATEGORIES } from './operational-policy.entity.js';

export const OPERATIONAL_POLICIES_TAG = tag(
  'operational-policies',
  'Operational policies: configuration records by category and key; the ones the service reads apply at once. Platform-wide: changing them needs data scope all (403 otherwise).',
);

const Description = PlainText(500, { minLength: 0 });
const Value = Type.Unknown({ description: 'Any JSON value but null, at most 16 KiB as JSON text' });

export const OperationalPolicy = component(
  'OperationalPolicy',
  Type.Object(
    {
      id: Type.String({ maxLength: 64 }),
      category: StringEnum(POLICY_CATEGORIES),
      key: Type.String({
        maxLength: 128,
        description: 'Dotted, starting with the category, e.g. security.lockoutThreshold',
      }),
      name: Type.String({ maxLength: 255 }),
      value: Type.Unknown({ description: 'Any JSON; validated for the keys the service reads' }),
      description: Nullable(Type.String({ maxLength: 4000 })),
      active: Type.Boolean(),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'An operational policy' },
  ),
);
export type OperationalPolicyView = Static<typeof OperationalPolicy>;

/** The filters of the list of operational policies (besides `q`), as query parameters. */
export const OperationalPolicyFilters = {
  category: Type.Optional(StringEnum(POLICY_CATEGORIES, { description: 'Only this category' })),
};

/** The body of POST /operational-policies. */
export const CreateOperationalPolicyBody = Type.Object(
  {
    category: StringEnum(POLICY_CATEGORIES),
    key: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)?$' }),
    name: PlainText(200),
    value: Value,
    description: Type.Optional(Description),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The body of PATCH /operational-policies/{id}: at least one field. */
export const UpdateOperationalPolicyBody = Type.Object(
  {
    name: Type.Optional(PlainText(200)),
    value: Type.Optional(Value),
    description: Type.Optional(Nullable(Description)),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
