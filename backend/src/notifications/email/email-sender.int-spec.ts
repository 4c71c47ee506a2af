import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventStore } from '../../shared/event-store/event-store.js';
import { recipients, startSmtpServer, type SmtpTestServer } from '../../shared/testing/smtp-test-server.js';
import { createTestDatabase, type TestDatabase } from '../../shared/testing/test-database.js';
import { emailKey } from '../../shared/validation/email.js';
import { retryFailedEmails } from './email-dispatcher.js';
import { EmailSender } from './email-sender.js';
import { emailStream } from './email.events.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';

let database: TestDatabase;
let smtp: SmtpTestServer;
let transport: MailTransport;
let sender: EmailSender;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
  transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '.' });
  sender = new EmailSender(database.handle.db, transport, new EventStore(database.handle.db));
});
afterAll(async () => {
  transport?.close();
  await Promise.all([database?.drop(), smtp?.close()]);
});
beforeEach(async () => {
  await database.handle.db.deleteFrom('email_outbox').execute();
  await database.handle.db.deleteFrom('email_unsubscribes').execute();
  await database.handle.db.deleteFrom('events').execute();
  smtp.messages.length = 0;
});

/**
 * Welcome e-mails as the reactor writes them (envelope and template inputs), to `<who>-<i>@example.com`;
 * `template` overrides the name.
 */
async function owe(count: number, options: { marketing?: boolean; template?: string; who?: string } = {}): Promise<string[]> {
  const who = options.who ?? 'lead';
  const ids = Array.from({ length: count }, (_, i) => `${i + 1}-welcome`);
  await database.handle.db
    .insertInto('email_outbox')
    .values(
      ids.map((id, i) => ({
        id,
        template: options.template ?? 'welcome',
        marketing: options.marketing ?? false,
        recipient_key: emailKey(`${who}-${i}@example.com`),
        message: JSON.stringify({ from: 'hello@unsheet.test', to: `${who}-${i}@example.com` }),
        params: JSON.stringify({
          position: i,
          earlyExplorer: true,
          shareUrl: `https://unsheet.test/?ref=CODE${i}`,
          unsubscribeUrl: 'https://unsheet.test/api/emails/unsubscribe?token=t',
        }),
        queued_at: null,
        last_error: null,
        sent_at: null,
      })),
    )
    .execute();
  return ids;
}

async function rows() {
  const { rows } = await sql<{ id: string; status: string; attempts: number; last_error: string | null; due_now: boolean }>`
    select id, status, attempts, last_error, next_attempt_at <= now() as due_now from email_outbox order by id`.execute(database.handle.db);
  return rows;
}

const atOnce = () => 0;

/** What the log says of an outbox e-mail (its own stream). */
async function said(id: string) {
  const rows = await database.handle.db
    .selectFrom('events')
    .select(['type', 'data', 'stream_version'])
    .where('stream_id', '=', emailStream(id))
    .execute();
  return rows;
}

describe('EmailSender', () => {
  it('renders and sends a batch, and marks every e-mail of it sent', async () => {
    const ids = await owe(5);
    expect(await sender.deliver({ ids }, atOnce)).toEqual({ claimed: 5, sent: 5, failures: [] });
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `Welcome, Early Explorer #${i}!`));
    const third = smtp.messages.find((m) => recipients(m).includes('lead-2@example.com'))!;
    expect(third.from?.text).toBe('hello@unsheet.test');
    expect(third.text).toContain('https://unsheet.test/?ref=CODE2');
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual(Array(5).fill(['sent', 1]));
  });

  it('sends an e-mail written before the outbox kept template inputs as it was stored, rendered', async () => {
    await database.handle.db
      .insertInto('email_outbox')
      .values({
        id: '1-welcome',
        template: 'welcome',
        marketing: true,
        recipient_key: emailKey('old@example.com'),
        message: JSON.stringify({
          from: 'hello@unsheet.test',
          to: 'old@example.com',
          subject: 'Stored subject',
          html: '<p>Stored</p>',
          text: 'Stored',
        }),
        params: null,
        queued_at: null,
        last_error: null,
        sent_at: null,
      })
      .execute();
    expect(await sender.deliver({ due: 10 }, atOnce)).toEqual({ claimed: 1, sent: 1, failures: [] });
    expect(recipients(smtp.messages[0]!)).toEqual(['old@example.com']);
    expect(smtp.messages[0]).toMatchObject({ subject: 'Stored subject', text: 'Stored' });
  });

  it('fails, and keeps the reason, an e-mail whose template it does not know', async () => {
    const ids = await owe(1, { template: 'retired-template' });
    const result = await sender.deliver({ ids }, atOnce);
    expect(result).toMatchObject({ claimed: 1, sent: 0, failures: [{ attempts: 1 }] });
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Unknown e-mail template "retired-template"' });
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends each e-mail once when senders with overlapping batches run at the same time', async () => {
    const ids = await owe(40);
    // Three jobs over the same e-mails, as a relay queuing them again after a Redis reconnect could make.
    const results = await Promise.all([
      sender.deliver({ ids }, atOnce),
      sender.deliver({ ids: ids.slice(10) }, atOnce),
      sender.deliver({ ids: ids.slice(0, 30) }, atOnce),
    ]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(40);
    expect(smtp.messages).toHaveLength(40);
    expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(40);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('sends nothing that is no longer pending', async () => {
    const ids = await owe(3);
    await sender.deliver({ ids }, atOnce);
    expect(await sender.deliver({ ids }, atOnce)).toEqual({ claimed: 0, sent: 0, failures: [] });
    expect(smtp.messages).toHaveLength(3);
  });

  it('records a refused e-mail and makes it due when the caller says, the rest of the batch sent', async () => {
    const ids = await owe(3);
    smtp.refuseNext(1);
    const result = await sender.deliver({ ids }, atOnce);
    expect(result).toMatchObject({ claimed: 3, sent: 2, failures: [{ attempts: 1 }] });
    const refused = (await rows()).find((r) => r.status === 'pending')!;
    expect(refused).toMatchObject({ attempts: 1, due_now: true });
    expect(refused.last_error).toMatch(/^451 /);

    // The retry (a BullMQ job's next attempt) sends only what is still owed.
    expect(await sender.deliver({ ids }, atOnce)).toEqual({ claimed: 1, sent: 1, failures: [] });
    expect(smtp.messages).toHaveLength(3);
    expect((await rows()).map((r) => [r.status, r.attempts]).sort()).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 2],
    ]);
  });

  it('fails at once an e-mail refused for good (5xx), keeps the masked reply, and says the address is undeliverable', async () => {
    const ids = await owe(3, { who: 'gone' });
    smtp.refuseRecipient('gone-1@example.com');
    const result = await sender.deliver({ ids }, () => 60_000);
    expect(result).toMatchObject({ claimed: 3, sent: 2, failures: [{ id: '2-welcome', attempts: 1, permanent: true }] });
    const refused = (await rows()).find((r) => r.id === '2-welcome')!;
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused.last_error).toMatch(/^550 /);
    expect(refused.last_error).toContain('go***@example.com');
    expect(refused.last_error).not.toContain('gone-1@');
    expect(await said('2-welcome')).toEqual([
      {
        type: 'EmailUndeliverable',
        data: { to: 'gone-1@example.com', template: 'welcome', reason: refused.last_error },
        stream_version: 1,
      },
    ]);
    // Never claimed again, whoever asks.
    await sql`update email_outbox set next_attempt_at = now()`.execute(database.handle.db);
    expect(await sender.deliver({ ids }, atOnce)).toEqual({ claimed: 0, sent: 0, failures: [] });
    expect(await sender.deliver({ due: 10 }, atOnce)).toEqual({ claimed: 0, sent: 0, failures: [] });
    expect(smtp.rcptAttempts('gone-1@example.com')).toBe(1);
  });

  it('says an address is undeliverable once, however often an operator retries the refused e-mail', async () => {
    const ids = await owe(1, { who: 'retried' });
    smtp.refuseRecipient('retried-0@example.com');
    await sender.deliver({ ids }, atOnce);
    expect(await retryFailedEmails(database.handle.db)).toBe(1);
    expect(await sender.deliver({ ids }, atOnce)).toMatchObject({ claimed: 1, sent: 0, failures: [{ permanent: true }] });
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await said('1-welcome')).map((event) => event.type)).toEqual(['EmailUndeliverable']);
    expect(smtp.rcptAttempts('retried-0@example.com')).toBe(2);
  });

  it('retries a temporary refusal (4xx) after the backoff, and says nothing of the address', async () => {
    const ids = await owe(1, { who: 'busy' });
    smtp.refuseRecipient('busy-0@example.com', 450);
    const result = await sender.deliver({ ids }, () => 60_000);
    expect(result).toMatchObject({ claimed: 1, sent: 0, failures: [{ attempts: 1, permanent: false }] });
    const refused = (await rows())[0]!;
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, due_now: false });
    expect(refused.last_error).toMatch(/^450 /);
    expect(await said('1-welcome')).toEqual([]);
  });

  it('leaves a refused e-mail alone until its retry time, then sends it with the due ones', async () => {
    await owe(2);
    smtp.refuseNext(1);
    const first = await sender.deliver({ due: 10 }, () => 60_000);
    expect(first).toMatchObject({ claimed: 2, sent: 1, failures: [{ attempts: 1 }] });
    expect(await sender.deliver({ due: 10 }, () => 60_000)).toEqual({ claimed: 0, sent: 0, failures: [] });
    await sql`update email_outbox set next_attempt_at = now() where status = 'pending'`.execute(database.handle.db);
    expect(await sender.deliver({ due: 10 }, () => 60_000)).toEqual({ claimed: 1, sent: 1, failures: [] });
  });

  it('skips marketing to an address that unsubscribed, and marks failed only what is still pending', async () => {
    const ids = await owe(3, { marketing: true });
    await database.handle.db
      .insertInto('email_unsubscribes')
      .values({ email_key: emailKey('lead-1@example.com'), unsubscribed_at: new Date() })
      .execute();
    smtp.refuseNext(1);
    await sender.deliver({ ids }, atOnce);
    await sender.markFailed(ids);
    expect((await rows()).map((r) => r.status).sort()).toEqual(['failed', 'sent', 'skipped']);
    expect(smtp.messages).toHaveLength(1);
    expect(recipients(smtp.messages[0]!)).not.toContain('lead-1@example.com');
  });
});
