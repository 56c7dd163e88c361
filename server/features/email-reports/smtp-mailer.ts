import { createTransport } from 'nodemailer';
import type { ReportMessage } from './report-message.ts';

/** Where reports are mailed from (SMTP_URL, or SMTP_HOST/PORT/USER/PASS; SMTP_FROM), read by server/config.ts. */
export interface SmtpSettings {
  /** smtp://user:pass@host:port, or smtps:// for TLS from the start. */
  url: string;
  from: string;
}

/** How one mailing went: who got it, and why the others did not. */
export interface MailOutcome {
  accepted: string[];
  /** Why it did not reach everyone, in words a person can act on; null when it did. */
  error: string | null;
  /** A later attempt may succeed (no answer, a 4xx reply); false for a 5xx refusal or a refused login. */
  transient: boolean;
}

export interface Mailer {
  send(to: string[], message: ReportMessage): Promise<MailOutcome>;
  close(): void;
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  recipient?: string;
  rejectedErrors?: SmtpError[];
}

/** SMTP_HOST:PORT without the password, for messages. */
function serverName(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol === 'smtps:' ? 465 : 587)}`;
  } catch {
    return 'the SMTP server';
  }
}

const reply = (e: SmtpError): string => (e.response ? `: ${e.response}` : e.message ? ` (${e.message})` : '');

function refusedRecipients(errors: SmtpError[]): string {
  return errors.map((e) => `${e.recipient ?? '?'}${reply(e)}`).join('; ');
}

/** Words for what nodemailer threw, and whether trying again later could help. */
export function describeSmtpError(error: SmtpError, server: string): { error: string; transient: boolean } {
  const code = error.responseCode;
  const transient = code === undefined ? error.code !== 'EAUTH' : code < 500;
  switch (error.code) {
    case 'ECONNECTION':
    case 'ETIMEDOUT':
    case 'ESOCKET':
    case 'EDNS':
      return { error: `The SMTP server ${server} cannot be reached (${error.message}).`, transient: true };
    case 'EAUTH':
      return { error: `The SMTP server ${server} refused the login${reply(error)}`, transient };
    case 'EENVELOPE':
      if (error.rejectedErrors?.length)
        return {
          error: `The SMTP server ${server} refused every recipient: ${refusedRecipients(error.rejectedErrors)}`,
          transient,
        };
      return { error: `The SMTP server ${server} refused the sender${reply(error)}`, transient };
    case 'EMESSAGE':
      return { error: `The SMTP server ${server} refused the message${reply(error)}`, transient };
    default:
      return { error: `Sending through ${server} failed${reply(error)}`, transient };
  }
}

/** A mailer over nodemailer's SMTP transport: one connection per mailing, closed after it. */
export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const server = serverName(settings.url);
  // A server that accepts the connection and then says nothing must not hold a send for minutes.
  const transport = createTransport(
    { url: settings.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from: settings.from },
  );
  return {
    async send(to, message) {
      try {
        const info = await transport.sendMail({
          to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          attachments: message.attachments,
        });
        const accepted = (info.accepted as (string | { address: string })[]).map((a) =>
          typeof a === 'string' ? a : a.address,
        );
        const rejectedErrors = ((info as { rejectedErrors?: SmtpError[] }).rejectedErrors ?? []) as SmtpError[];
        if (rejectedErrors.length === 0 && accepted.length === to.length)
          return { accepted, error: null, transient: false };
        const transient = rejectedErrors.some((e) => (e.responseCode ?? 500) < 500);
        const refused = rejectedErrors.length
          ? refusedRecipients(rejectedErrors)
          : to.filter((r) => !accepted.includes(r)).join('; ');
        return { accepted, error: `The SMTP server ${server} refused some recipients: ${refused}`, transient };
      } catch (e) {
        return { accepted: [], ...describeSmtpError(e as SmtpError, server) };
      }
    },
    close() {
      transport.close();
    },
  };
}
