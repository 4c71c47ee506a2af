/**
 * Where e-mail goes: SMTP when SMTP_URL is set, otherwise `.eml` files in DATA_DIR/outbox (the embedded
 * default), one per outbox id, so a message written twice is still one file.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { outboxFolder } from '../../shared/paths.js';
import nodemailer from 'nodemailer';
import type { OutboxMessage } from '../notifications.tables.js';

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox-folder';
  send(id: string, message: OutboxMessage): Promise<void>;
  close(): void;
}

export function createMailTransport(options: { smtpUrl?: string; dataDir: string }): MailTransport {
  const fields = (id: string, message: OutboxMessage) => ({
    ...message,
    // A stable Message-ID lets receiving servers drop a duplicate if a send is ever retried after success.
    messageId: `<${id}@unsheet.mail>`,
  });
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(id, message) {
        await smtp.sendMail(fields(id, message));
      },
      close: () => smtp.close(),
    };
  }
  const folder = outboxFolder(options.dataDir);
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox-folder',
    async send(id, message) {
      const info = await writer.sendMail(fields(id, message));
      mkdirSync(folder, { recursive: true });
      const file = join(folder, `${id}.eml`);
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
    close: () => writer.close(),
  };
}
