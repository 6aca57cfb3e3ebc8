import { db, iso, type Source } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { defineList, listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import { type DataScope, inScope } from '../access/index.js';
import type { AuditEntryView, AuditFilters } from './audit.schemas.js';
import { COVERED } from './entry-hash.js';

/** An entry as the trail shows it: what its hash covers, its time, and its link once chained. */
const COLUMNS = [...COVERED, 'a.occurred_at', 'l.seq', 'l.prev_hash', 'l.hash'] as const;

/** Where an entry's subject belongs (set when it is written), and who acted (a user's id, and their insurer). */
const SUBJECT = { agent: 'a.subject_agent_id', insurer: 'a.subject_insurer_id' } as const;
const ACTOR = { agent: 'a.actor', insurer: 'a.actor_insurer_id' } as const;

/**
 * The entries a caller's data scope sees: those about a record in the scope, and those about a record of
 * no scope (a role, a template, a setting) made by a user in it (insurer scope: that insurer's users;
 * agent scope: the agent). An entry about another scope's record is never shown through its actor: a
 * user of scope all who belongs to insurer A settling insurer B's claim writes an entry of B's, not A's.
 * Two branches, the second without what the first has: each is read from its own index in
 * (occurred_at, id) order and the list helper merges their pages, so a page costs the same whatever
 * share of the trail the scope holds.
 */
function auditRows(em: Source, scope: DataScope) {
  // An entry not chained yet has no link: seq, prevHash and hash are null.
  const entries = () =>
    db(em).selectFrom('audit_entries as a').leftJoin('audit_links as l', 'l.entry_id', 'a.id').select(COLUMNS);
  if (scope.kind === 'all') return entries();
  return [
    entries().where((eb) => inScope(eb, scope, SUBJECT)),
    entries()
      .where((eb) => inScope(eb, scope, ACTOR))
      .where(SUBJECT.agent, 'is', null)
      .where(SUBJECT.insurer, 'is', null),
  ];
}

/**
 * GET /audit: newest first. A caller of scope all reads the whole trail; any other caller the entries
 * about records in their scope or made by users in it. Subjects of no scope (roles, templates, settings,
 * registry events, jobs) are seen by scope all, and by a caller whose scope holds the actor.
 */
export const AUDIT_LIST = defineList({
  name: 'audit',
  rows: auditRows,
  sortable: ['occurredAt'] as const,
  defaultSort: '-occurredAt',
  sortKeys: (eb) => ({ occurredAt: eb.ref('a.occurred_at'), id: eb.ref('a.id') }),
  changedAt: (eb) => eb.ref('a.occurred_at'),
  scope: 'rows',
  filters: {
    subjectType: (eb, v: string) => eb('a.subject_type', '=', v),
    subjectId: (eb, v: string) => eb('a.subject_id', '=', v),
    actorId: (eb, v: string) => eb('a.actor', '=', v),
    action: (eb, v: string) => eb('a.action', '=', v),
    from: (eb, v: string) => eb('a.occurred_at', '>=', v),
    to: (eb, v: string) => eb('a.occurred_at', '<', v),
  },
});

export async function listAuditEntries(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: AuditFilters; page: Keyset<'occurredAt'> },
): Promise<Page<AuditEntryView>> {
  const page = await listPage(AUDIT_LIST, readSide(deps, act), act.caller.scope, input);
  return {
    ...page,
    items: page.items.map((r) => ({
      id: r.id,
      seq: r.seq === null ? null : Number(r.seq),
      prevHash: r.prev_hash,
      hash: r.hash,
      actorId: r.actor,
      action: r.action,
      subjectType: r.subject_type,
      subjectId: r.subject_id,
      requestId: r.request_id,
      correlationId: r.correlation_id,
      ip: r.ip,
      summary: r.summary,
      occurredAt: iso(r.occurred_at),
    })),
  };
}
