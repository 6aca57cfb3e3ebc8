import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { Act } from '../../kernel/act.js';
import { today } from '../../kernel/clock.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { produce } from '../../kernel/jobs.js';
import type { SweepDeps } from '../../kernel/sweep.js';
import type { MailTransport } from '../mail/index.js';
import { gracePeriodDays, lastDayOfGrace } from './grace.js';
import { PREMIUM_OVERDUE_MAIL } from './premiums.jobs.js';
import { renderOverdueMail } from './reminder-mail.js';

/** Instalments reminded of per transaction. */
const REMIND_BATCH = 500;

/**
 * The daily reminder job: each instalment overdue by the service's clock (still due after its day) of
 * an active or reinstated policy whose holder has an e-mail, not yet reminded of, is marked and gets
 * one mail job, batch by batch, each batch's marks and outbox rows in one transaction. Marked once,
 * it is never queued again, whatever the number of runs or workers (SKIP LOCKED). A policy whose holder
 * has no e-mail is left unmarked, so a reminder goes if one is added while the instalment is overdue.
 */
export async function remindOverduePremiums(deps: SweepDeps, act: Act): Promise<{ queued: number }> {
  const day = today(deps.clock);
  let queued = 0;
  let after: string | null = null;
  for (;;) {
    const ids: string[] = await deps.uow.run(act, async (tx) => {
      const { rows } = await sql<{ id: string }>`
        with due as (
          select i.id from premium_instalments i join policies p on p.id = i.policy_id
          where i.status = 'due' and i.reminder_queued_at is null and i.due_on < ${day}::date
            and p.status in ('active', 'reinstated') and p.holder_email is not null
            and (${after}::uuid is null or i.id > ${after}::uuid)
          order by i.id
          limit ${REMIND_BATCH}
          for update of i skip locked
        )
        update premium_instalments i set reminder_queued_at = now()
        from due where i.id = due.id
        returning i.id`.execute(db(tx));
      // The mark is not yet a change anyone sees: each mail's job audits it as it goes.
      return {
        result: rows.map((r) => r.id).sort(),
        audit: [],
        jobs: rows.map((r) => produce(PREMIUM_OVERDUE_MAIL, { instalmentId: r.id })),
      };
    });
    queued += ids.length;
    if (ids.length < REMIND_BATCH) return { queued };
    after = ids.at(-1) ?? null;
  }
}

/**
 * One reminder mail: rendered and sent to the holder, then recorded as sent (with its audit entry). Not
 * sent when it went already (the job ran twice), or when the instalment is no longer owed or its policy
 * no longer active or reinstated (paid, waived, lapsed or cancelled since it was queued). A send that
 * fails leaves it unsent, so the job's retry sends it; a crash between sending and recording can send
 * it twice, the one case where a reminder repeats rather than goes missing.
 */
export async function sendOverdueReminder(
  deps: ServiceDeps & { mail: MailTransport },
  act: Act,
  { instalmentId }: { instalmentId: string },
): Promise<'sent' | 'already-sent' | 'not-owed'> {
  const row = await db(deps.orm.em.fork())
    .selectFrom('premium_instalments as i')
    .innerJoin('policies as p', 'p.id', 'i.policy_id')
    .select(['i.id', 'i.policy_id', 'i.status', 'i.currency', 'i.reminder_sent_at', 'p.status as policy_status'])
    .select(['p.policy_number', 'p.holder_name', 'p.holder_email'])
    .select([sql<string>`i.due_on::text`.as('due_on'), sql<string>`(i.amount_minor - i.paid_minor)::text`.as('owed')])
    .where('i.id', '=', instalmentId)
    .executeTakeFirst();
  if (row?.reminder_sent_at) return 'already-sent';
  if (!row?.holder_email || row.status !== 'due' || !['active', 'reinstated'].includes(row.policy_status))
    return 'not-owed';
  const mail = await renderOverdueMail(deps, {
    holderName: row.holder_name,
    policyNumber: row.policy_number,
    dueOn: row.due_on,
    amountDue: { amountMinor: Number(row.owed), currency: row.currency },
    lapsesAfter: lastDayOfGrace(row.due_on, await gracePeriodDays(deps, deps.orm.em.fork())),
  });
  await deps.mail.send({ to: row.holder_email, subject: mail.subject, text: mail.text });
  return deps.uow.run(act, async (tx) => {
    await db(tx)
      .updateTable('premium_instalments')
      .set({ reminder_sent_at: new Date() })
      .where('id', '=', instalmentId)
      .execute();
    return {
      result: 'sent' as const,
      audit: {
        action: 'mail.premium_overdue_sent',
        subjectType: 'policy',
        subjectId: row.policy_id,
        summary: { instalmentId, dueOn: row.due_on, templateId: mail.templateId },
      },
    };
  });
}
