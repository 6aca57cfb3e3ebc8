import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Act } from '../act.js';
import type { ServiceDeps } from '../deps.js';
import { PasswordResetToken } from '../identity/credential.entities.js';
import { randomToken, tokenHash } from '../identity/crypto.js';
import { RESET_TOKEN_MINUTES } from '../identity/password.service.js';
import { fillPlaceholders } from '../notification-templates/catalogue.js';
import { publishedTemplate } from '../notification-templates/notification-templates.service.js';
import type { MailTransport } from './transport.js';

/** The built-in text, used when no `password_reset` (or `set_password`) template is published for the user's locale. */
function builtIn(purpose: string, name: string, token: string): { subject: string; text: string } {
  const intro =
    purpose === 'set_password'
      ? 'An account was created for you. Choose your password'
      : 'We received a request to reset your password. Reset it';
  return {
    subject: purpose === 'set_password' ? 'Set your password' : 'Reset your password',
    text: `Hello ${name},\n\n${intro} with this token within ${RESET_TOKEN_MINUTES} minutes:\n\n${token}\n\nSend it with your new password to POST /auth/reset-password.\nIf you did not ask for this, ignore this mail.\n`,
  };
}

/**
 * The mail's subject and text: the published email template of the purpose's key (`password_reset`
 * or `set_password`) for the user's locale, else for its language (`fr` for `fr-CA`), else the
 * built-in text. Its placeholders were checked against the key's at publish.
 */
async function render(
  em: EntityManager,
  user: { name: string; email: string; locale: string },
  purpose: string,
  token: string,
): Promise<{ subject: string; text: string; templateId: string | null }> {
  const template = await publishedTemplate(
    em,
    purpose === 'set_password' ? 'set_password' : 'password_reset',
    'email',
    user.locale,
  );
  if (!template) return { ...builtIn(purpose, user.name, token), templateId: null };
  const values = { name: user.name, email: user.email, token, expiresInMinutes: RESET_TOKEN_MINUTES };
  return {
    subject: fillPlaceholders(template.subject ?? '', values),
    text: fillPlaceholders(template.body, values),
    templateId: template.id,
  };
}

/**
 * Mints the reset token and commits its hash, then sends it, then records it as sent. The token
 * must be valid before the mail can reach anyone: sending inside the minting transaction let a
 * fast reader present it before COMMIT and be told it was invalid. A failed send leaves sent_at
 * unset, so the retry mints a fresh token (the undelivered one is overwritten). A request already
 * sent is not sent again (the job is idempotent). The 30 minutes run from sending.
 */
export async function sendPasswordResetMail(
  deps: ServiceDeps & { mail: MailTransport },
  act: Act,
  { resetId }: { resetId: string },
): Promise<'sent' | 'already-sent' | 'gone'> {
  const transport = deps.mail;
  type Minted = {
    purpose: string;
    email: string;
    userId: string;
    token: string;
    mail: { subject: string; text: string; templateId: string | null };
  };
  const minted = await deps.uow.run<'already-sent' | 'gone' | Minted>(act, async (tx) => {
    // Only the request's row is locked (no join under the lock): the user row stays free for sign-ins.
    const reset = await tx.findOne(PasswordResetToken, resetId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!reset) return { result: 'gone' as const, audit: [] };
    if (reset.sentAt) return { result: 'already-sent' as const, audit: [] };
    const { user } = await tx.populate(reset, ['user']);
    const token = randomToken();
    Object.assign(reset, {
      tokenHash: tokenHash(token),
      expiresAt: raw<Date>('now() + make_interval(mins => ?)', [RESET_TOKEN_MINUTES]),
    });
    // Not yet a change anyone can use: the audit entry is written once the mail has gone.
    return {
      result: {
        purpose: reset.purpose,
        email: user.email,
        userId: user.id,
        token,
        mail: await render(tx, user, reset.purpose, token),
      },
      audit: [],
    };
  });
  if (typeof minted === 'string') return minted;
  await transport.send({ to: minted.email, subject: minted.mail.subject, text: minted.mail.text });
  return deps.uow.run(act, async (tx) => {
    // Unless a retry has minted another token meanwhile, this one is the one sent.
    const reset = await tx.findOne(
      PasswordResetToken,
      { id: resetId, tokenHash: tokenHash(minted.token) },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (reset)
      Object.assign(reset, {
        sentAt: raw<Date>('now()'),
        expiresAt: raw<Date>('now() + make_interval(mins => ?)', [RESET_TOKEN_MINUTES]),
      });
    return {
      result: 'sent' as const,
      audit: {
        action: 'mail.password_reset_sent',
        subjectType: 'user',
        subjectId: minted.userId,
        // Which published template the mail was rendered from (null: the built-in text).
        summary: { purpose: minted.purpose, templateId: minted.mail.templateId },
      },
    };
  });
}
