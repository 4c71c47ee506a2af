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
  /** Refuses this recipient for good, quoting its address in the reply, as real servers do. */
  refuseRecipient(address: string): void;
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
  const refusedRecipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refusedRecipients.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
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
    refuseRecipient: (address) => refusedRecipients.add(address.toLowerCase()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
