import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpListener = {
  /** SMTP_URL for the test server, sending as `from`. */
  url(from: string): string;
  /** Every mail accepted so far, parsed, oldest first. */
  received: ParsedMail[];
  close(): Promise<void>;
};

/**
 * A real SMTP server on a free localhost port, for tests that send mail through SMTP_URL. Plain
 * SMTP (no STARTTLS: without a certificate nodemailer's upgrade would fail); `refusedAddress` is
 * refused at RCPT TO with 550, as a real server refuses an unknown mailbox. With `keepCidLinks`,
 * the HTML is kept as sent, its pictures referring to their parts (not rewritten as data: links).
 */
export async function startSmtpListener(options: { refusedAddress?: string; keepCidLinks?: boolean } = {}): Promise<SmtpListener> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === options.refusedAddress) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream, { keepCidLinks: options.keepCidLinks ?? false })
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: (from) => `smtp://127.0.0.1:${port}?from=${from}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
