import { createTransport } from 'nodemailer';

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
