import { createTransport } from 'nodemailer';
import { AppError } from './errors.ts';

/** The answer (503) of a call that would send mail on a server without SMTP_URL. */
export const noMailerMessage = 'E-mail is not set up on this server. Ask an administrator to set SMTP_URL.';

/** A send that failed, as the person is told (502): "The receipt could not be sent: connect ECONNREFUSED 127.0.0.1:25." */
export function sendFailure(what: string, err: unknown): AppError {
  const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0]?.trim().replace(/\.$/, '') || 'the mail server refused it';
  return new AppError(502, `${what} could not be sent: ${reason}.`);
}

/** With a `cid`, the attachment is a picture the HTML shows inline (`<img src="cid:…">`). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string; cid?: string };

export type MailMessage = {
  to: string;
  /** Shown as the sender's name; the address is the server's own. */
  fromName: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
};

export type Mailer = { send(message: MailMessage): Promise<{ messageId: string }> };

/**
 * The sender address: `?from=` on SMTP_URL, else the SMTP user when it is an address, else
 * receipts@ the SMTP host. The parameter is removed before nodemailer reads the URL.
 */
function splitSender(smtpUrl: string): { url: string; from: string } {
  const url = new URL(smtpUrl);
  const from = url.searchParams.get('from');
  url.searchParams.delete('from');
  const user = decodeURIComponent(url.username);
  return { url: url.toString(), from: from ?? (user.includes('@') ? user : `receipts@${url.hostname}`) };
}

/** An SMTP mailer from SMTP_URL (smtp:// or smtps://), or null when the server has none. */
export function createMailer(smtpUrl: string | undefined): Mailer | null {
  if (!smtpUrl) return null;
  const { url, from } = splitSender(smtpUrl);
  // A cashier waits on the answer, so an unreachable server fails within seconds, not minutes.
  const transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: { name: message.fromName, address: from },
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments,
      });
      return { messageId: info.messageId };
    },
  };
}
