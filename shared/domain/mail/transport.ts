import { createRequire } from 'node:module';
import type { Config } from '../../config/index.js';
import type { Logger } from '../../logger.js';
import { mailDelivery } from './delivery.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

declare module '../../kernel/deps.js' {
  interface JobDeps {
    /** The worker's way out for mail (jobs only: the API never sends mail itself). */
    mail: MailTransport;
  }
}

/**
 * SMTP when SMTP_URL is set. Otherwise the log: in development the whole mail (so its token can be
 * used); anywhere else recipient and subject only, since the bodies we send carry credentials
 * (reset tokens) and credentials never go to the logs of a shared environment.
 */
export function createMailTransport(config: Config, log: Logger): MailTransport {
  const delivery = mailDelivery(config);
  if (delivery === 'log') {
    return {
      async send(mail) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail (development, no SMTP_URL set): the whole mail is in this entry',
        );
      },
      close() {},
    };
  }
  if (delivery === 'not_configured') {
    return {
      async send(mail) {
        log.info(
          { mailTo: mail.to, subject: mail.subject },
          'mail (no SMTP_URL set): not sent, body withheld from the log',
        );
      },
      close() {},
    };
  }
  // Loaded only where mail is sent: every other process (and test) is spared its modules.
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
  const transporter = nodemailer.createTransport(config.SMTP_URL);
  return {
    async send(mail) {
      await transporter.sendMail({ from: config.MAIL_FROM, ...mail });
    },
    close: () => transporter.close(),
  };
}
