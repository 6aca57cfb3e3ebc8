import { Migration } from '@mikro-orm/migrations';

/** A uuid as users.id and the other ids print it: only such a text is ever cast to uuid below. */
const UUID = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;

/**
 * The subject types whose records belong to a data scope: the table (and joins) holding a record by its
 * id (`key`), its agent and its insurer (for users and what follows a user, the user's own id and
 * insurer). Any other subject (roles, templates, settings, id patterns, registry events, jobs, reset
 * requests) belongs to no scope.
 */
const SCOPED_SUBJECTS: Record<string, { from: string; key: string; agent: string; insurer: string }> = {
  policy: { from: 'policies r', key: 'r.id', agent: 'r.agent_id', insurer: 'r.insurer_id' },
  claim: { from: 'claims r', key: 'r.id', agent: 'r.agent_id', insurer: 'r.insurer_id' },
  renewal: { from: 'renewals r', key: 'r.id', agent: 'r.agent_id', insurer: 'r.insurer_id' },
  quotation: { from: 'quotations r', key: 'r.id', agent: 'r.agent_id', insurer: 'r.insurer_id' },
  endorsement: {
    from: 'endorsements r join policies p on p.id = r.policy_id',
    key: 'r.id',
    agent: 'p.agent_id',
    insurer: 'p.insurer_id',
  },
  user: { from: 'users u', key: 'u.id', agent: 'u.id', insurer: 'u.insurer_id' },
  session: {
    from: 'auth_sessions r join users u on u.id = r.user_id',
    key: 'r.family_id',
    agent: 'u.id',
    insurer: 'u.insurer_id',
  },
  dispute: {
    from: 'disputes r join users u on u.id = r.raised_by',
    key: 'r.id',
    agent: 'u.id',
    insurer: 'u.insurer_id',
  },
};

/**
 * 1. The client's own id of a request (its X-Correlation-Id or X-Request-Id), kept beside the
 *    service's request id on the audit entries of that request. Existing entries have none.
 * 2. The data scope of each audit entry, so GET /audit reads a scoped caller's entries from indexes:
 *    the agent and insurer of the entry's subject (`subject_agent_id`, `subject_insurer_id`) and the
 *    insurer of the user who acted (`actor_insurer_id`), as they were when the entry was written. A
 *    trigger fills them on insert, for every writer; existing entries are filled here.
 */
export class Migration20261125000500_correlation_ids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table audit_entries add column correlation_id text`);

    this.addSql(`
      alter table audit_entries
        add column subject_agent_id uuid,
        add column subject_insurer_id text,
        add column actor_insurer_id text`);
    const cases = Object.entries(SCOPED_SUBJECTS)
      .map(
        ([type, t]) =>
          `when '${type}' then select ${t.agent}, ${t.insurer} into new.subject_agent_id, new.subject_insurer_id from ${t.from} where ${t.key} = subject;`,
      )
      .join('\n          ');
    // One row of each scoped subject table by primary key per entry, inside the writing transaction.
    this.addSql(`
      create function audit_entry_scope() returns trigger language plpgsql as $$
      declare
        subject uuid;
      begin
        if new.actor ~ ${UUID} then
          select u.insurer_id into new.actor_insurer_id from users u where u.id = new.actor::uuid;
        end if;
        if new.subject_id is null or new.subject_id !~ ${UUID} then
          return new;
        end if;
        subject := new.subject_id::uuid;
        case new.subject_type
          ${cases}
          else null;
        end case;
        return new;
      end $$`);
    this.addSql(`
      create trigger audit_entry_scope before insert on audit_entries
      for each row execute function audit_entry_scope()`);

    this.addSql(`
      update audit_entries a set actor_insurer_id = u.insurer_id
      from users u where a.actor = u.id::text and u.insurer_id is not null`);
    for (const [type, t] of Object.entries(SCOPED_SUBJECTS)) {
      this.addSql(`
        update audit_entries a set subject_agent_id = ${t.agent}, subject_insurer_id = ${t.insurer}
        from ${t.from} where a.subject_type = '${type}' and a.subject_id = ${t.key}::text`);
    }

    // Each scoped reader's pages come from one of these, in (occurred_at, id) order (the actor's own
    // entries from audit_actor_idx); partial, so entries of no scope cost no index entry.
    this.addSql(
      `create index audit_subject_agent_idx on audit_entries (subject_agent_id, occurred_at, id) where subject_agent_id is not null`,
    );
    this.addSql(
      `create index audit_subject_insurer_idx on audit_entries (subject_insurer_id, occurred_at, id) where subject_insurer_id is not null`,
    );
    this.addSql(
      `create index audit_actor_insurer_idx on audit_entries (actor_insurer_id, occurred_at, id) where actor_insurer_id is not null`,
    );
  }
}
