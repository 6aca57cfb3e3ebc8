import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Act } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import type { MailTransport } from '../mail/index.js';
import {
  appLink,
  fillPlaceholders,
  mailLinkHosts,
  missingLinkProblems,
  publishedTemplate,
  TEMPLATE_CATALOGUE,
  type TemplateKey,
  templateTextProblems,
} from '../notification-templates/index.js';
import { emailOf } from '../users/index.js';
import { PasswordResetToken } from './credential.entities.js';
import { randomToken, tokenHash } from './crypto.js';
import { RESET_TOKEN_MINUTES } from './password.service.js';

/** The built-in text, used when no `password_reset` (or `set_password`) template is published for the user's locale. */
function builtIn(key: CredentialMail, name: string, link: string): { subject: string; text: string } {
  const intro =
    key === 'set_password'
      ? 'An account was created for you. Choose your password'
      : 'We received a request to reset your password. Reset it';
  return {
    subject: key === 'set_password' ? 'Set your password' : 'Reset your password',
    text: `Hello ${name},\n\n${intro} at this address within ${RESET_TOKEN_MINUTES} minutes:\n\n${link}\n\nIf you did not ask for this, ignore this mail.\n`,
  };
}

/** The mails that carry a credential in their link. */
type CredentialMail = Extract<TemplateKey, 'password_reset' | 'set_password'>;

interface RenderedMail {
  subject: string;
  text: string;
  /** The published template the mail was rendered from; null: the built-in text. */
  templateId: string | null;
  /** A published template the mail could not use, its text breaking today's rules (older data). */
  refusedTemplateId?: string;
}

/**
 * The mail's subject and text: the published email template of the purpose's key (`password_reset`
 * or `set_password`) for the user's locale, else for its language (`fr` for `fr-CA`), else the
 * built-in text. The token reaches the mail only inside the link the service builds from
 * APP_BASE_URL. A published template is checked again as at publish: one that breaks the rules
 * (a `{{token}}`, a link elsewhere or no link of its own, published before the rules or the allowed
 * hosts changed) is not used, and the built-in text goes instead, so the mail still lets the user in.
 */
async function render(
  deps: ServiceDeps,
  em: EntityManager,
  user: { name: string; email: string; locale: string },
  purpose: string,
  token: string,
): Promise<RenderedMail> {
  const key: CredentialMail = purpose === 'set_password' ? 'set_password' : 'password_reset';
  const { link } = TEMPLATE_CATALOGUE[key];
  const url = appLink(deps.config, link.path, token);
  const template = await publishedTemplate(em, key, 'email', user.locale);
  if (!template) return { ...builtIn(key, user.name, url), templateId: null };
  const problems = [
    ...templateTextProblems({ key, ...template }, mailLinkHosts(deps.config)),
    ...missingLinkProblems({ key, ...template }),
  ];
  if (problems.length) {
    deps.log.warn(
      { templateId: template.id, problems: problems.map((p) => `${p.field}: ${p.constraint}`) },
      'published notification template refused: the built-in text is sent instead',
    );
    return { ...builtIn(key, user.name, url), templateId: null, refusedTemplateId: template.id };
  }
  const values = { name: user.name, email: user.email, [link.placeholder]: url, expiresInMinutes: RESET_TOKEN_MINUTES };
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
    mail: RenderedMail;
  };
  const minted = await deps.uow.run<'already-sent' | 'gone' | Minted>(act, async (tx) => {
    // Only the request's row is locked (no join under the lock): the user row stays free for sign-ins.
    const reset = await tx.findOne(PasswordResetToken, resetId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    // Ended unsent (the password was reset or changed meanwhile): a link that could not work is not mailed.
    if (!reset || reset.usedAt) return { result: 'gone' as const, audit: [] };
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
        email: emailOf(user),
        userId: user.id,
        token,
        mail: await render(deps, tx, { ...user, email: emailOf(user) }, reset.purpose, token),
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
        // Which published template the mail was rendered from (null: the built-in text), and one it refused.
        summary: {
          purpose: minted.purpose,
          templateId: minted.mail.templateId,
          ...(minted.mail.refusedTemplateId ? { refusedTemplateId: minted.mail.refusedTemplateId } : {}),
        },
      },
    };
  });
}
