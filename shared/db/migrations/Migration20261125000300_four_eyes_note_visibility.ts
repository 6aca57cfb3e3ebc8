import { Migration } from '@mikro-orm/migrations';

/**
 * Who filed each claim (the four-eyes rule keeps them from settling or paying it), and how widely each
 * claim note may be shown (`internal`: staff only; `shared`: also the policy's agent).
 */
export class Migration20261125000300_four_eyes_note_visibility extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table claims add column filed_by uuid references users (id)`);
    this.addSql(BACKFILL_FILED_BY);
    this.addSql(`
      alter table claim_notes add column visibility text not null default 'internal'
        check (visibility in ('internal', 'shared'))`);
    this.addSql(BACKFILL_NOTE_EVENTS);
  }
}

/**
 * A claim filed before this migration gets the user its `claim.file` audit entry names. Without such an
 * entry (or when its actor is no user) filed_by stays null, and no four-eyes restriction can be derived.
 */
export const BACKFILL_FILED_BY = `
  update claims c set filed_by = u.id
  from audit_entries a join users u on u.id::text = a.actor
  where a.subject_type = 'claim' and a.subject_id = c.id::text and a.action = 'claim.file' and c.filed_by is null`;

/** Notes written before had no visibility: they are internal, and so are their history events. */
export const BACKFILL_NOTE_EVENTS = `
  update domain_events set data = data || '{"visibility": "internal"}'::jsonb
  where type = 'claim.note_added' and data -> 'visibility' is null`;
