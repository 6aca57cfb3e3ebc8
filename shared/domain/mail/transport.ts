import nodemailer from 'nodemailer';
import type { Config } from '../../config/index.js';
import type { Logger } from '../../logger.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise the log, which records recipient and subject only: the bodies
 * we send carry credentials (reset links), and credentials never go to logs.
 */
export function createMailTransport(config: Config, log: Logger): MailTransport {
  if (!config.SMTP_URL) {
    return {
      async send(mail) {
        log.info({ mailTo: mail.to, subject: mail.subject }, 'mail (no SMTP_URL set): body withheld from the log');
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport(config.SMTP_URL);
  return {
    async send(mail) {
      await transporter.sendMail({ from: config.MAIL_FROM, ...mail });
    },
    close: () => transporter.close(),
  };
}
