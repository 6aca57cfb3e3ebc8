import test, { type ExecutionContext } from 'ava';
import { remindOverduePremiums } from '../../../shared/domain/premiums/index.js';
import { systemAct } from '../../../shared/kernel/act.js';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type ReceivedMail, smtpInbox } from '../../helpers/smtp-inbox.js';
import { movableClock, type Stack, startStack, waitFor } from '../../helpers/stack.js';

/**
 * The overdue reminder: the daily job queues one mail per overdue instalment (once, however many runs
 * or workers), and the mail worker sends it to the holder, from the published `premium_overdue`
 * template or the built-in text. A local SMTP server receives the mails; the services' clock is moved.
 */
const clock = movableClock(new Date('2031-06-01T06:00:00Z'));
let smtp: Awaited<ReturnType<typeof smtpInbox>>;
let stack: Stack;
let api: Api;
let admin: SignedIn;
test.before(async () => {
  smtp = await smtpInbox();
  stack = await startStack({ clock, workers: true, env: { SMTP_URL: smtp.url } });
  api = client(stack.app);
  admin = await given.admin(stack);
});
test.after.always(async () => {
  await stack?.close();
  await smtp?.close();
});

const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
let n = 0;
async function monthly(t: ExecutionContext, effectiveFrom: string, email: string | null) {
  return expectData(
    t,
    await api.as(admin).post('/policies', {
      agentId: admin.id,
      insurerId: 'insurer-remind',
      productCode: 'MOTOR-COMP',
      holder: { name: `Wanjiru Kamau ${++n}`, ...(email ? { email } : {}) },
      sumInsured: kes(100_000_000),
      premium: kes(1_200_050),
      premiumFrequency: 'monthly',
      effectiveFrom,
      effectiveTo: '2031-12-31',
    }),
    201,
  );
}
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));
const textOf = (mail: ReceivedMail) => mail.raw.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');
const remind = () => remindOverduePremiums(stack.app.deps, systemAct());

test.serial('an overdue instalment is reminded of once, to the holder, however many runs at once', async (t) => {
  const email = `holder-${Date.now()}@example.test`;
  const late = await monthly(t, '2031-05-10', email);
  const quiet = await monthly(t, '2031-05-10', null);
  const paid = await monthly(t, '2031-05-10', `paid-${Date.now()}@example.test`);
  const [first] = expectData(t, await api.as(admin).get(`/policies/${paid.id}/premiums`));
  expectData(
    t,
    await api.as(admin).post(`/policies/${paid.id}/premiums/${first.id}/payments`, {
      amount: first.amount,
      method: 'cash',
      reference: `CASH-${paid.id}`,
      paidAt: '2031-05-10T09:00:00.000Z',
    }),
    201,
  );
  const runs = await Promise.all([remind(), remind(), remind()]);
  t.is(
    runs.reduce((sum, r) => sum + r.queued, 0),
    1,
    'only the late policy with an e-mail: the paid one has nothing overdue, the other no e-mail',
  );
  const mail = await waitFor(async () => mailsTo(email)[0], 'the reminder');
  const text = textOf(mail);
  t.regex(text, /Subject: Premium overdue on policy /);
  t.true(text.includes(late.policyNumber), text);
  t.true(text.includes('KES 1500.08'), 'eight instalments: 1,200,050 / 8 = 150,006, the remainder 2 on the first');
  t.true(text.includes('2031-06-09'), 'the last day of 30 days of grace from 2031-05-10');
  const sql = sqlOn(stack);
  await waitFor(
    async () =>
      (
        await sql(`select 1 from audit_entries where action = 'mail.premium_overdue_sent' and subject_id = ?`, [
          late.id,
        ])
      ).length === 1,
    'the mail recorded as sent',
  );
  t.is((await remind()).queued, 0, 'a second day queues nothing again');
  t.is(mailsTo(email).length, 1);
  const unmarked = await sql(`select reminder_queued_at from premium_instalments where policy_id = ? and seq = 1`, [
    quiet.id,
  ]);
  t.is(unmarked[0].reminder_queued_at, null, 'no e-mail: left unmarked, reminded if one is added');
  t.is(mailsTo(`paid-`).length, 0);
});

test.serial('the published premium_overdue template is used: no link needed, its placeholders filled', async (t) => {
  const draft = expectData(
    t,
    await api.as(admin).post('/notification-templates', {
      key: 'premium_overdue',
      channel: 'email',
      locale: 'en',
      subject: 'Policy {{policyNumber}}: premium overdue',
      body: 'Dear {{holderName}}, {{amountDue}} was due on {{dueOn}}. Pay by {{lapsesAfter}}.',
    }),
    201,
  );
  expectData(t, await api.as(admin).post(`/notification-templates/${draft.id}/publish`), 201);
  clock.at = new Date('2031-07-20T06:00:00Z');
  const email = `templated-${Date.now()}@example.test`;
  const policy = await monthly(t, '2031-07-01', email);
  await remind();
  const mail = await waitFor(async () => mailsTo(email)[0], 'the templated reminder');
  const text = textOf(mail);
  t.true(text.includes(`Subject: Policy ${policy.policyNumber}: premium overdue`), text);
  t.true(text.includes('was due on 2031-07-01. Pay by 2031-07-31.'), text);
  t.false(text.includes('{{'), text);
});
