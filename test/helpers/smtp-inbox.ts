import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A local SMTP server on a spare loopback port that keeps every mail it receives, for SMTP_URL.
 * `beforeAck`, when it has a hook for one of a mail's recipients, runs before the server acknowledges
 * that mail, i.e. while the sender still waits for the reply to DATA.
 */
export async function smtpInbox(opts: { beforeAck?: Map<string, (mail: ReceivedMail) => Promise<void>> } = {}) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const hook = mail.to.map((to) => opts.beforeAck?.get(to)).find(Boolean);
        void (hook ? hook(mail) : Promise.resolve()).finally(() => {
          mails.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
