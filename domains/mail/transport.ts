/**
 * How the sender hands a message to the outside world. The shop uses SMTP through nodemailer when
 * SMTP_URL is set; tests may inject any object with the same shape.
 */
import type { EmailAttachment } from "../../db/schema/mod.ts";

/** A message ready to leave: the outbox row's fields. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Files sent with the message (the tax invoice PDF), base64 as the outbox keeps them. */
  attachments?: EmailAttachment[] | null;
  /** The one-click opt-out, for the List-Unsubscribe headers; null for transactional mail. */
  unsubscribeUrl?: string | null;
}

/** Delivers one message or throws (the sender records the error and retries later). */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  /** Releases connections; called once when the worker stops. */
  close?(): void | Promise<void>;
}

/** "Shop Name" <address>, quoted so a comma or bracket in the name cannot break the header. */
export function fromAddress(name: string, email: string): string {
  return `"${name.replace(/["\\\r\n]/g, "")}" <${email}>`;
}

/**
 * The message's list headers (RFC 2369, RFC 8058): mail clients show their own "Unsubscribe" button
 * for List-Unsubscribe, and Gmail and Yahoo require the one-click form of bulk senders. One-click
 * (List-Unsubscribe-Post) is only offered for an https link, as RFC 8058 requires; the link itself
 * answers a POST of "List-Unsubscribe=One-Click" without a session or a redirect.
 */
export function listHeaders(unsubscribeUrl: string | null | undefined): Record<string, string> {
  if (!unsubscribeUrl || /[\s<>,]/.test(unsubscribeUrl)) return {};
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    ...(unsubscribeUrl.startsWith("https://") ? { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {}),
  };
}

/** The nodemailer message for one outbox message (its own function so a test can build it for real). */
export function nodemailerMessage(message: MailMessage) {
  const headers = listHeaders(message.unsubscribeUrl);
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(message.attachments?.length
      ? {
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.contentBase64,
          encoding: "base64",
        })),
      }
      : {}),
  };
}

/**
 * An SMTP transport for a URL such as smtp://user:pass@mail.example:587 (STARTTLS when offered) or
 * smtps://...:465. Timeouts are short so one unreachable server cannot hold the worker for minutes;
 * the URL's own query options (e.g. ?connectionTimeout=) still win.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // nodemailer is loaded only by a shop that sends mail (about 20 MB resident in every process otherwise).
  const transporter = import("nodemailer").then(({ default: nodemailer }) =>
    nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
      // Never log message contents: they carry reset links.
      logger: false,
      debug: false,
    }, { from })
  );
  return {
    async send(message) {
      await (await transporter).sendMail(nodemailerMessage(message));
    },
    close() {
      transporter.then((t) => t.close());
    },
  };
}
