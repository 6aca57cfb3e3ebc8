import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

export const ID_ENTITIES = ['policy', 'claim', 'quotation', 'renewal', 'dispute', 'endorsement'] as const;
export type IdEntity = (typeof ID_ENTITIES)[number];

/** How the numbers of one kind of record look; `nextSeq` is its gapless sequence. */
export const IdPattern = defineEntity({
  name: 'IdPattern',
  tableName: 'id_patterns',
  properties: (p) => ({
    id: p.uuid().primary(),
    entity: p.text().$type<IdEntity>(),
    pattern: p.text(),
    description: p.text().nullable(),
    active: p.boolean().defaultRaw('true'),
    nextSeq: p.bigint('number').defaultRaw('1'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof IdPattern> {}
}
