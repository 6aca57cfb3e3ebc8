import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';
import { VISIBILITIES, type Visibility } from '../access/index.js';

export const CLAIM_STATUSES = [
  'filed',
  'under_review',
  'investigation',
  'awaiting_documents',
  'settled',
  'repudiated',
  'withdrawn',
  'appealed',
  'closed',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The reasons people gave along the way, by action (repudiate, withdraw, appeal, settle's note). */
export interface ClaimReasons {
  repudiate?: string;
  withdraw?: string;
  appeal?: string;
  settle?: string;
}

/**
 * A claim on a policy. It carries the policy's agent and insurer (the data scope) and currency; amounts
 * are minor units. `paidAmountMinor` is the sum of its payments, kept with the claim under its row lock.
 */
export const Claim = defineEntity({
  name: 'Claim',
  tableName: 'claims',
  properties: (p) => ({
    id: p.uuid().primary(),
    claimNumber: p.text(),
    status: p.text().$type<ClaimStatus>().defaultRaw(`'filed'`),
    policyId: p.uuid(),
    agentId: p.uuid(),
    insurerId: p.text(),
    /** The user who filed it: four eyes keep them from settling it or paying it out. Null when unknown (filed before it was recorded). */
    filedBy: p.uuid().nullable(),
    catastropheEventId: p.text().nullable(),
    incidentDate: p.string().columnType('date'),
    description: p.text(),
    currency: p.text(),
    claimedAmountMinor: p.bigint('number'),
    settledAmountMinor: p.bigint('number').nullable(),
    paidAmountMinor: p.bigint('number').defaultRaw('0'),
    assigneeId: p.uuid().nullable(),
    appealCount: p.integer().defaultRaw('0'),
    reasons: p.json<ClaimReasons>().defaultRaw(`'{}'::jsonb`),
    requestedDocuments: p.json<string[]>().nullable(),
    settledAt: p.datetime().nullable(),
    repudiatedAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
    version: p.integer().version().defaultRaw('1'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});

export const ClaimPayment = defineEntity({
  name: 'ClaimPayment',
  tableName: 'claim_payments',
  properties: (p) => ({
    id: p.uuid().primary(),
    claimId: p.uuid(),
    amountMinor: p.bigint('number'),
    currency: p.text(),
    method: p.text(),
    reference: p.text(),
    paidAt: p.datetime(),
    recordedBy: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});

/** How widely a claim's note is shown: internal to staff only, shared also to the policy's agent. */
export const NOTE_VISIBILITIES = VISIBILITIES;

export const ClaimNote = defineEntity({
  name: 'ClaimNote',
  tableName: 'claim_notes',
  properties: (p) => ({
    id: p.uuid().primary(),
    claimId: p.uuid(),
    body: p.text(),
    visibility: p.text().$type<Visibility>().defaultRaw(`'internal'`),
    author: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});

export const ClaimDocument = defineEntity({
  name: 'ClaimDocument',
  tableName: 'claim_documents',
  properties: (p) => ({
    id: p.uuid().primary(),
    claimId: p.uuid(),
    name: p.text(),
    contentType: p.text(),
    sizeBytes: p.bigint('number'),
    sha256: p.text(),
    url: p.text(),
    addedBy: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});

/** A catastrophe (flood, storm) that claims may reference; its id is chosen by the client. */
export const CatastropheEvent = defineEntity({
  name: 'CatastropheEvent',
  tableName: 'catastrophe_events',
  properties: (p) => ({
    id: p.text().primary(),
    name: p.text(),
    peril: p.text(),
    region: p.text(),
    startsOn: p.string().columnType('date'),
    endsOn: p.string().columnType('date').nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});

declare module '../../db/database.js' {
  interface Tables
    extends TablesOf<
      typeof CatastropheEvent | typeof Claim | typeof ClaimDocument | typeof ClaimNote | typeof ClaimPayment
    > {}
}
