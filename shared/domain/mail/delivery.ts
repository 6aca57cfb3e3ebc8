import { type Config, DEFAULT_APP_BASE_URL } from '../../config/index.js';
import { DomainRuleError } from '../../kernel/errors.js';
import type { Logger } from '../../logger.js';

type MailConfig = Pick<Config, 'NODE_ENV' | 'SMTP_URL'>;

/**
 * Where mail goes: `smtp` when SMTP_URL is set; `log` in development without it (the whole mail,
 * reset token included, is written to the log at info, so a user created without a password can set
 * one on a developer's machine); `not_configured` otherwise, in test and production, where nothing
 * is sent and the log records recipient and subject only.
 */
type MailDelivery = 'smtp' | 'log' | 'not_configured';

export function mailDelivery(config: MailConfig): MailDelivery {
  if (config.SMTP_URL) return 'smtp';
  return config.NODE_ENV === 'development' ? 'log' : 'not_configured';
}

const NOT_CONFIGURED = 'SMTP_URL is not set: no mail is sent';

/** What GET /health says about mail. Informational: mail never fails readiness. */
export function mailStatus(config: MailConfig): { status: MailDelivery; message?: string } {
  const delivery = mailDelivery(config);
  if (delivery === 'log') return { status: delivery, message: 'SMTP_URL is not set: mail is written to the log' };
  if (delivery === 'not_configured') return { status: delivery, message: NOT_CONFIGURED };
  return { status: delivery };
}

/**
 * In production a user created without a password is sent a set-password mail; without SMTP_URL
 * that mail reaches nobody, so the account could never be opened: 422 instead, asking for a password.
 */
export function assertNewUserCanSetPassword(config: MailConfig, password: string | undefined): void {
  if (password || config.NODE_ENV !== 'production' || config.SMTP_URL) return;
  throw new DomainRuleError(
    'INVARIANT_VIOLATION',
    'Mail is not configured (SMTP_URL is not set), so a user created without a password could never set one: give a password',
    [{ field: 'password', message: 'is required while mail is not configured', constraint: 'required' }],
  );
}

/**
 * Said once when a process starts: production without SMTP_URL sends no mail at all; production
 * with the default APP_BASE_URL sends reset and set-password links to localhost.
 */
export function warnWhenMailNotConfigured(config: MailConfig & Pick<Config, 'APP_BASE_URL'>, log: Logger): void {
  if (config.NODE_ENV !== 'production') return;
  if (!config.SMTP_URL)
    log.warn(
      { mail: 'not_configured' },
      `${NOT_CONFIGURED}: password reset and set-password mails are dropped, and users must be created with a password`,
    );
  if (config.APP_BASE_URL === DEFAULT_APP_BASE_URL)
    log.warn(
      { appBaseUrl: config.APP_BASE_URL },
      `APP_BASE_URL is not set: the links of password reset and set-password mails lead to ${DEFAULT_APP_BASE_URL}`,
    );
}
