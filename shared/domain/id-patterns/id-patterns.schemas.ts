import { type Static, Type } from 'typebox';
import { component, Int32, Nullable, PlainText, StringEnum, Timestamp, tag } from '../../kernel/schema.js';
import { ID_ENTITIES } from './id-pattern.entity.js';

export const ID_PATTERNS_TAG = tag(
  'id-patterns',
  'Identifier patterns: how policy, claim, renewal, endorsement, quotation and dispute numbers look. Platform-wide: changing them needs data scope all (403 otherwise).',
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
      id: Type.String({ maxLength: 64 }),
      entity: StringEnum(ID_ENTITIES),
      pattern: Type.String({ maxLength: 200 }),
      description: Nullable(Type.String({ maxLength: 4000 })),
      active: Type.Boolean({ description: 'The one pattern numbering its entity (at most one active per entity)' }),
      nextSequence: Int32({ description: 'The {SEQ:n} value the next number takes' }),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'An identifier pattern' },
  ),
);
export type IdPatternView = Static<typeof IdPattern>;

/** The body of POST /id-patterns. */
export const CreateIdPatternBody = Type.Object(
  {
    entity: StringEnum(ID_ENTITIES),
    pattern: PatternText,
    description: Type.Optional(Description),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The body of PATCH /id-patterns/{id}: at least one field. */
export const UpdateIdPatternBody = Type.Object(
  {
    pattern: Type.Optional(PatternText),
    description: Type.Optional(Nullable(Description)),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
