import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

export const DISPUTE_STATUSES = ['open', 'triaged', 'upheld', 'rejected', 'withdrawn', 'escalated', 'closed'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_SUBJECTS = ['referral', 'commission', 'payment', 'claim'] as const;
export type DisputeSubject = (typeof DISPUTE_SUBJECTS)[number];
export const DISPUTE_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type DisputeSeverity = (typeof DISPUTE_SEVERITIES)[number];
export const DISPUTE_OUTCOMES = ['upheld', 'rejected', 'escalated'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** A dispute: visible to whoever raised it and to data scope all. */
export const Dispute = defineEntity({
  name: 'Dispute',
  tableName: 'disputes',
  properties: (p) => ({
    id: p.uuid().primary(),
    disputeNumber: p.text(),
    status: p.text().$type<DisputeStatus>().defaultRaw(`'open'`),
    subjectType: p.text().$type<DisputeSubject>(),
    subjectId: p.text(),
    raisedBy: p.uuid(),
    reason: p.text(),
    description: p.text().nullable(),
    severity: p.text().$type<DisputeSeverity>().nullable(),
    assigneeId: p.uuid().nullable(),
    triageNote: p.text().nullable(),
    outcome: p.text().$type<DisputeOutcome>().nullable(),
    resolution: p.text().nullable(),
    withdrawReason: p.text().nullable(),
    responseDueAt: p.datetime(),
    triagedAt: p.datetime().nullable(),
    escalatedAt: p.datetime().nullable(),
    resolvedAt: p.datetime().nullable(),
    withdrawnAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
    version: p.integer().version().defaultRaw('1'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof Dispute> {}
}
