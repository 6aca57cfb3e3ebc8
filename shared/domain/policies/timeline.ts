import type { InferResult } from 'kysely';
import { db, iso, type Source } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { defineList, listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import type { DataScope } from '../../kernel/scope.js';
import { eventVisibleTo } from '../access/index.js';
import { getPolicy } from './policies.service.js';
import type { TimelineEventView } from './policy.schemas.js';

const timelineRows = (em: Source) =>
  db(em)
    .selectFrom('domain_events as e')
    .select(['e.type', 'e.subject_type', 'e.subject_id', 'e.actor', 'e.occurred_at', 'e.request_id', 'e.data'])
    .where('e.stream_type', '=', 'policy');

type TimelineRow = InferResult<ReturnType<typeof timelineRows>>[number];

/**
 * A policy's events in the order they were written (seq), without those marked internal for a caller
 * who sees shared records only. Its only order is that one, so both the
 * sort key and the tie-breaker are seq. Scope is the policy's: checked before the list is read.
 */
export const TIMELINE_LIST = defineList({
  name: 'policy-timeline',
  rows: timelineRows,
  sortable: ['occurredAt'] as const,
  defaultSort: 'occurredAt',
  sortKeys: (eb) => ({ occurredAt: eb.ref('e.seq'), id: eb.ref('e.seq') }),
  changedAt: (eb) => eb.ref('e.occurred_at'),
  scope: 'none',
  filters: {
    policyId: (eb, policyId: string) => eb('e.stream_id', '=', policyId),
    visibleTo: (eb, scope: DataScope) => eventVisibleTo(eb, scope, 'e.data'),
  } as const,
});

export async function policyTimeline(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; updatedSince?: string; page: Keyset<'occurredAt'> },
): Promise<Page<TimelineRow>> {
  await getPolicy(deps, act, { id: input.id });
  return listPage(TIMELINE_LIST, readSide(deps, act), act.caller.scope, {
    filters: { policyId: input.id, visibleTo: act.caller.scope, updatedSince: input.updatedSince },
    page: input.page,
  });
}

export const toTimelineEventView = (r: TimelineRow): TimelineEventView => ({
  type: r.type,
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  recordedBy: r.actor,
  recordedAt: iso(r.occurred_at),
  actor: r.actor,
  occurredAt: iso(r.occurred_at),
  requestId: r.request_id,
  data: r.data,
});
