import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** A real SMTP server on loopback (the `smtp-server` package) that keeps what it accepts, for email tests. */
export interface SmtpInbox {
  url: string;
  /** Accepted messages: the envelope's recipients and the message parsed back with mailparser. */
  messages: { to: string[]; mail: ParsedMail }[];
  /** Waits until `n` messages are in (or throws after `ms`). */
  waitFor(n: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpInboxRules {
  /** A refusal for a recipient (e.g. `{ code: 550, message: 'No such user' }`), or null to accept it. */
  recipient?: (address: string) => { code: number; message: string } | null;
  /** Refuse every sender: the server refuses to take mail at all. */
  sender?: () => { code: number; message: string } | null;
}

const refusal = (r: { code: number; message: string }) => Object.assign(new Error(r.message), { responseCode: r.code });

export async function startSmtpInbox(rules: SmtpInboxRules = {}): Promise<SmtpInbox> {
  const messages: SmtpInbox['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address: SMTPServerAddress, _session, callback) {
      const r = rules.sender?.();
      callback(r ? refusal(r) : undefined);
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const r = rules.recipient?.(address.address);
      callback(r ? refusal(r) : undefined);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({ to: session.envelope.rcptTo.map((a) => a.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(n, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (messages.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${messages.length} of ${n} messages arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
