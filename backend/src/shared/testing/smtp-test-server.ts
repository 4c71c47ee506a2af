/** A real SMTP server (smtp-server) on 127.0.0.1 for tests; mailparser reads what it receives. */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpTestServer {
  url: string;
  messages: ParsedMail[];
  /** Every DATA attempt, refused or accepted. */
  attempts(): number;
  /** Refuse the next `n` messages with a temporary error (451). */
  refuseNext(n: number): void;
  /**
   * Refuses this recipient at every attempt, quoting its address in the reply, as real servers do: for good
   * (550, the default), or for now (450: greylisting, a full mailbox).
   */
  refuseRecipient(address: string, code?: 550 | 450): void;
  /** The RCPT TO commands seen for this address, refused or accepted. */
  rcptAttempts(address: string): number;
  close(): Promise<void>;
}

/** The addresses a received message was sent to. */
export function recipients(mail: ParsedMail): string[] {
  const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return list.flatMap((a) => a.value.map((v) => v.address!));
}

export async function startSmtpServer(): Promise<SmtpTestServer> {
  const messages: ParsedMail[] = [];
  let attempts = 0;
  let refusals = 0;
  const refusedRecipients = new Map<string, 550 | 450>();
  const rcpts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const key = address.address.toLowerCase();
      rcpts.set(key, (rcpts.get(key) ?? 0) + 1);
      const code = refusedRecipients.get(key);
      if (code === undefined) return callback();
      const reply =
        code === 550
          ? `5.1.1 <${address.address}>: Recipient address rejected: User unknown`
          : `4.2.1 <${address.address}>: Mailbox temporarily unavailable, try again later`;
      callback(Object.assign(new Error(reply), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      attempts++;
      if (refusals > 0) {
        refusals--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    attempts: () => attempts,
    refuseNext: (n) => (refusals = n),
    refuseRecipient: (address, code = 550) => void refusedRecipients.set(address.toLowerCase(), code),
    rcptAttempts: (address) => rcpts.get(address.toLowerCase()) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
