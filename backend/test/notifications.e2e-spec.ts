import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_CONFIRMATION_PURPOSE } from '../src/early-access/waitlist/lead.events.js';
import { EMAILS_QUEUE, retryFailedEmails } from '../src/notifications/email/email-dispatcher.js';
import { emailStream } from '../src/notifications/email/email.events.js';
import { DAILY_LIMIT_REACHED } from '../src/notifications/reactors/email.reactor.js';
import { erasePersonalData } from '../src/privacy/erase-personal-data.js';
import { CONFIRMATION_TOKEN_PURPOSE, CONFIRMATION_TOKEN_TTL_SECONDS } from '../src/identity/confirmation-link.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import type { Event } from '../src/shared/event-store/events.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { signToken, verifyToken } from '../src/shared/security/signed-token.js';
import { UNSUBSCRIBE_TOKEN_PURPOSE } from '../src/notifications/reactors/email.reactor.js';
import { emailPreferencesStream } from '../src/notifications/unsubscribe/unsubscribe.events.js';
import { emailKey } from '../src/shared/validation/email.js';
import { recipients, startSmtpServer, type SmtpTestServer } from '../src/shared/testing/smtp-test-server.js';
import { createTestDatabase } from '../src/shared/testing/test-database.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';

const BASE = 'https://unsheet.example.com';
const SECRET = 'test-secret-test-secret-test-secret-0123';
const MAIL = { MAIL_FROM: 'Unsheet <hello@unsheet.test>', ADMIN_NOTIFY_EMAIL: 'admin@unsheet.test', TEAM_EMAIL: 'team@unsheet.test' };
let seq = 0;

function append(api: ApiHarness, event: Event) {
  return api.app.get(EventStore).append(`test-${++seq}-${Date.now()}`, [event], 0);
}

async function unsubscribed(api: ApiHarness, email: string): Promise<boolean> {
  const { rows } = await sql`select 1 from events where stream_id = ${emailPreferencesStream(emailKey(email))}`.execute(
    api.database.handle.db,
  );
  return rows.length > 0;
}

/** The lead a received e-mail's confirmation link confirms. */
function confirms(mail: ParsedMail): string | null {
  const link = mail.text!.match(/https:\/\/unsheet\.example\.com\/confirm\?token=(\S+)/);
  expect(link).not.toBeNull();
  expect(mail.html).toContain(`href="${link![0]}"`);
  return verifyToken(SECRET, LEAD_CONFIRMATION_PURPOSE, link![1]!);
}

async function outboxStatus(api: ApiHarness) {
  const { rows } = await sql<{ template: string; status: string; attempts: number }>`
    select template, status, attempts from email_outbox order by created_at, id`.execute(api.database.handle.db);
  return rows;
}

describe('e-mail through BullMQ and SMTP', () => {
  let api: ApiHarness;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startApi({ ...MAIL, SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE, EMAIL_POLL_MS: '50', EMAIL_RETRY_BASE_MS: '100' });
  });
  afterAll(async () => {
    await api?.close();
    await smtp?.close();
  });

  async function nextMessages(count: number): Promise<ParsedMail[]> {
    const start = smtp.messages.length;
    await eventually(() => smtp.messages.length >= start + count, { timeout: 10_000 });
    return smtp.messages.slice(start);
  }

  it('sends the account confirmation with a one-time link, greeting nobody by the name typed in, saying how long the link lasts', async () => {
    const userId = randomUUID();
    const displayName = 'customer. Claim your $500 credit at https://evil.example/claim';
    await append(api, {
      type: 'UserRegistered',
      data: { userId, email: 'ada@example.com', displayName, redirectTo: '/admin/dashboard' },
    });
    const [mail] = await nextMessages(1);
    expect(recipients(mail!)).toEqual(['ada@example.com']);
    expect(mail!.from!.value).toEqual([{ name: 'Unsheet', address: 'hello@unsheet.test' }]);
    expect(mail!.subject).toBe('Confirm your Unsheet account');
    const link = mail!.text!.match(/https:\/\/unsheet\.example\.com\/auth\/confirm\?token=(\S+)/);
    expect(link).not.toBeNull();
    expect(verifyToken(SECRET, CONFIRMATION_TOKEN_PURPOSE, link![1]!)).toBe(userId);
    expect(CONFIRMATION_TOKEN_TTL_SECONDS).toBe(24 * 3600);
    for (const body of [mail!.html as string, mail!.text!]) {
      expect(body).toContain('Hello,');
      expect(body).toContain('The link works once and expires in 24 hours.');
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain('customer');
    }
    expect(mail!.subject).not.toContain('customer');
  });

  it('notifies the admin of a suggestion, replying to the visitor, with visitor text escaped', async () => {
    await append(api, {
      type: 'SuggestionSubmitted',
      data: {
        suggestionId: randomUUID(),
        email: 'grace@example.com',
        text: 'A rota tool <script>alert("x")</script> please',
        category: 'HR & Recruiting',
        sourcePage: '/c/productivity',
      },
    });
    const [mail] = await nextMessages(1);
    expect(recipients(mail!)).toEqual(['admin@unsheet.test']);
    expect(mail!.replyTo!.value[0]!.address).toBe('grace@example.com');
    expect(mail!.subject).toBe('New tool suggestion: A rota tool <script>alert("x")</script> please');
    expect(mail!.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('HR &amp; Recruiting');
    expect(mail!.text).toContain('Sent from: /c/productivity');
  });

  it('sends a quick question to the team, and to the address given an acknowledgement with no word the sender wrote', async () => {
    const message = 'Does it import CSV? Claim your $500 credit at https://evil.example/claim';
    await append(api, {
      type: 'QuickQuestionAsked',
      data: { questionId: randomUUID(), name: 'Linus, your account is locked', email: 'linus@example.com', message },
    });
    const mails = await nextMessages(2);
    const team = mails.find((m) => recipients(m).includes('team@unsheet.test'))!;
    const ack = mails.find((m) => recipients(m).includes('linus@example.com'))!;
    expect(team.subject).toBe('Quick question from Linus, your account is locked');
    expect(team.replyTo!.value[0]!.address).toBe('linus@example.com');
    expect(team.text).toContain('Does it import CSV?');
    expect(ack.subject).toBe('We got your question');
    expect(ack.text).toContain("We'll get back to you within 24 hours.");
    for (const body of [ack.html as string, ack.text!]) {
      for (const written of ['Linus', 'locked', 'CSV', 'evil.example', '$500']) expect(body).not.toContain(written);
    }
  });

  it('sends a developer inquiry to the team with the portfolio and LinkedIn links', async () => {
    await append(api, {
      type: 'DeveloperInquirySubmitted',
      data: {
        inquiryId: randomUUID(),
        name: 'Margaret',
        email: 'margaret@example.com',
        message: 'I build small tools.',
        portfolioUrl: 'https://margaret.dev',
        linkedinUrl: 'javascript:alert(1)',
      },
    });
    const [mail] = await nextMessages(1);
    expect(recipients(mail!)).toEqual(['team@unsheet.test']);
    expect(mail!.subject).toBe('Developer inquiry from Margaret');
    expect(mail!.html).toContain('<a href="https://margaret.dev">https://margaret.dev</a>');
    expect(mail!.html).not.toContain('javascript:');
  });

  it('welcomes a lead with position, confirmation link, share link, reward tiers and a working unsubscribe', async () => {
    const leadId = randomUUID();
    await append(api, {
      type: 'LeadJoined',
      data: { leadId, email: 'alan@example.com', sourcePage: '/', position: 7, referralCode: 'K3X9QZ', referredBy: null },
    });
    const [mail] = await nextMessages(1);
    expect(recipients(mail!)).toEqual(['alan@example.com']);
    expect(mail!.subject).toBe('Welcome, Early Explorer #7!');
    expect(mail!.text).toContain(`${BASE}/?ref=K3X9QZ`);
    expect(confirms(mail!)).toBe(leadId);
    expect(mail!.text).toContain('Spots not confirmed within 7 days are given back.');
    for (const tier of ['1 invite:', '3 invites:', '5 invites:', '10 invites:']) expect(mail!.text).toContain(tier);
    const header = (name: string) => mail!.headerLines.find((h) => h.key === name)?.line ?? '';
    const unsubscribe = header('list-unsubscribe').match(/<(https:\/\/unsheet\.example\.com\/api\/emails\/unsubscribe\?token=[^>]+)>/);
    expect(unsubscribe).not.toBeNull();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(unsubscribe![1]);

    // The link names the e-mail it came in, signed; nothing in it comes from the address; it lasts a year.
    const link = new URL(unsubscribe![1]!);
    const token = link.searchParams.get('token')!;
    expect(verifyToken(SECRET, UNSUBSCRIBE_TOKEN_PURPOSE, token)).toMatch(/^\d+-welcome$/);
    expect(token).not.toContain(Buffer.from(emailKey('alan@example.com')).toString('base64url'));
    const expiresIn = Number(token.split('.')[1]) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(364 * 86_400);
    expect(expiresIn).toBeLessThanOrEqual(365 * 86_400);

    // Following the link (a person, a link scanner's GET or HEAD) changes nothing: a page asks first.
    const page = await api.get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<button type="submit"');
    expect(page.body).toContain(`action="/api/emails/unsubscribe?token=${encodeURIComponent(token)}"`);
    expect((await fetch(api.url(link.pathname + link.search), { method: 'HEAD' })).status).toBe(200);
    await settled(api);
    expect(await unsubscribed(api, 'alan@example.com')).toBe(false);

    // The page's button posts the link: now it is done.
    const done = await fetch(api.url(link.pathname + link.search), {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You're unsubscribed");
    expect(await unsubscribed(api, 'alan@example.com')).toBe(true);

    // A later marketing e-mail to the same address is skipped; one to another address goes out.
    await append(api, {
      type: 'LeadJoined',
      data: { leadId: randomUUID(), email: 'ALAN@example.com', sourcePage: '/', position: 130, referralCode: 'ZZZ111', referredBy: null },
    });
    await append(api, {
      type: 'LeadJoined',
      data: { leadId: randomUUID(), email: 'joan@example.com', sourcePage: '/', position: 131, referralCode: 'QQQ222', referredBy: null },
    });
    const [next] = await nextMessages(1);
    expect(recipients(next!)).toEqual(['joan@example.com']);
    expect(next!.subject).toBe("You're #131 on the Unsheet wait-list");
    await eventually(async () => (await outboxStatus(api)).some((row) => row.status === 'skipped'));
  });

  it('tells an address joined again where it stands, and sends an existing lead the share link asked for', async () => {
    const leadId = randomUUID();
    await append(api, {
      type: 'LeadJoinRepeated',
      data: { leadId, email: 'grace.again@example.com', position: 140, earlyExplorer: false, referralCode: 'GRA140' },
    });
    const [repeated] = await nextMessages(1);
    expect(recipients(repeated!)).toEqual(['grace.again@example.com']);
    expect(repeated!.subject).toBe("You're already on the Unsheet list");
    expect(repeated!.text).toContain("You're #140 on the wait-list.");
    expect(repeated!.text).toContain(`${BASE}/?ref=GRA140`);
    expect(confirms(repeated!)).toBe(leadId);
    expect(repeated!.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(false);

    await append(api, { type: 'ReferralLinkRequested', data: { email: 'grace.again@example.com', code: 'GRA140' } });
    const [link] = await nextMessages(1);
    expect(recipients(link!)).toEqual(['grace.again@example.com']);
    expect(link!.subject).toBe('Your Unsheet share link');
    expect(link!.text).toContain(`${BASE}/?ref=GRA140`);
    const { rows } = await sql<{ template: string; requested: boolean; marketing: boolean }>`
      select template, requested, marketing from email_outbox where message->>'to' = 'grace.again@example.com' order by created_at`.execute(
      api.database.handle.db,
    );
    expect(rows).toEqual([
      { template: 'already-on-list', requested: true, marketing: false },
      { template: 'share-link', requested: true, marketing: false },
    ]);
  });

  it('unsubscribes in one click as a mail client posts it (RFC 8058: a form, not JSON)', async () => {
    await append(api, {
      type: 'LeadJoined',
      data: { leadId: randomUUID(), email: 'ada@example.com', sourcePage: '/', position: 8, referralCode: 'ADA111', referredBy: null },
    });
    const [welcome] = await nextMessages(1);
    const token = new URL(welcome!.text!.match(/https:\S+\/api\/emails\/unsubscribe\?token=\S+/)![0]).searchParams.get('token')!;
    const key = emailKey('ada@example.com');
    const response = await fetch(api.url(`/api/emails/unsubscribe?token=${encodeURIComponent(token)}`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ unsubscribed: true });
    const { rows } = await sql<{ type: string }>`select type from events where stream_id = ${emailPreferencesStream(key)}`.execute(
      api.database.handle.db,
    );
    expect(rows.map((row) => row.type)).toEqual(['EmailUnsubscribed']);
  });

  it('keeps links of welcome e-mails that named the recipient’s key working, until the person is erased', async () => {
    await append(api, {
      type: 'LeadJoined',
      data: { leadId: randomUUID(), email: 'old.link@example.com', sourcePage: '/', position: 9, referralCode: 'OLD111', referredBy: null },
    });
    await nextMessages(1);
    const legacy = signToken(SECRET, UNSUBSCRIBE_TOKEN_PURPOSE, emailKey('old.link@example.com'), 3600);
    const path = `/api/emails/unsubscribe?token=${encodeURIComponent(legacy)}`;
    expect((await api.get(path)).status).toBe(200);
    await erasePersonalData(api.database.handle.db, 'old.link@example.com');
    expect((await api.get(path)).status).toBe(400);
    expect((await fetch(api.url(path), { method: 'POST' })).status).toBe(400);
  });

  it('refuses the unsubscribe link of an erased person', async () => {
    await append(api, {
      type: 'LeadJoined',
      data: { leadId: randomUUID(), email: 'gone@example.com', sourcePage: '/', position: 10, referralCode: 'GON111', referredBy: null },
    });
    const [welcome] = await nextMessages(1);
    const link = new URL(welcome!.text!.match(/https:\S+\/api\/emails\/unsubscribe\?token=\S+/)![0]);
    expect((await api.get(link.pathname + link.search)).status).toBe(200);
    await erasePersonalData(api.database.handle.db, 'gone@example.com');
    const page = await api.get(link.pathname + link.search);
    expect(page.status).toBe(400);
    expect(page.body).toContain('This link is not valid');
    expect((await fetch(api.url(link.pathname + link.search), { method: 'POST' })).status).toBe(400);
  });

  it('refuses a forged unsubscribe link', async () => {
    const page = await api.get('/api/emails/unsubscribe?token=abc.123.forged');
    expect(page.status).toBe(400);
    expect(page.body).toContain('This link is not valid');
  });

  it('delivers exactly once when the SMTP server refuses the first two attempts', async () => {
    const before = smtp.messages.length;
    const attemptsBefore = smtp.attempts();
    smtp.refuseNext(2);
    await append(api, {
      type: 'SuggestionSubmitted',
      data: { suggestionId: randomUUID(), email: 'retry@example.com', text: 'Retry me', category: null, sourcePage: null },
    });
    await eventually(() => smtp.messages.length === before + 1, { timeout: 15_000 });
    await settled(api);
    expect(smtp.messages.length).toBe(before + 1);
    expect(smtp.attempts() - attemptsBefore).toBe(3);
    const row = (await outboxStatus(api)).at(-1)!;
    expect(row).toEqual({ template: 'suggestion-admin', status: 'sent', attempts: 3 });
  });

  it('sends nothing again when the reactor is rebuilt', async () => {
    const before = smtp.messages.length;
    const rows = (await outboxStatus(api)).length;
    await api.app.get(ProjectionRunner).rebuild('email-reactor');
    await settled(api);
    expect(smtp.messages.length).toBe(before);
    expect((await outboxStatus(api)).length).toBe(rows);
  });
});

describe('e-mail that keeps failing', () => {
  it('stays failed after its attempts, and goes out once an operator retries it', async () => {
    const smtp = await startSmtpServer();
    const api = await startApi({ ...MAIL, SMTP_URL: smtp.url, EMAIL_POLL_MS: '50', EMAIL_RETRY_BASE_MS: '50', EMAIL_MAX_ATTEMPTS: '5' });
    try {
      smtp.refuseNext(5);
      await append(api, {
        type: 'SuggestionSubmitted',
        data: { suggestionId: randomUUID(), email: 'x@example.com', text: 'Doomed', category: null, sourcePage: null },
      });
      await eventually(async () => (await outboxStatus(api))[0]?.status === 'failed', { timeout: 15_000 });
      expect(smtp.attempts()).toBe(5);
      expect(smtp.messages).toHaveLength(0);

      expect(
        await retryFailedEmails(api.database.handle.db, {
          connection: { url: api.config.REDIS_URL!, maxRetriesPerRequest: null },
          prefix: api.config.REDIS_PREFIX,
        }),
      ).toBe(1);
      await eventually(() => smtp.messages.length === 1, { timeout: 10_000 });
      // Marked sent once the SMTP server has accepted it.
      await eventually(async () => (await outboxStatus(api))[0]?.status === 'sent');
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await api.close();
      await smtp.close();
    }
  });
});

describe('e-mail without Redis (embedded wake-ups)', () => {
  it('retries from the outbox and loses nothing across a restart', async () => {
    const smtp = await startSmtpServer();
    const database = await createTestDatabase({ migrate: false });
    const settings = { ...MAIL, REDIS_URL: '', SMTP_URL: smtp.url, EMAIL_POLL_MS: '50', EMAIL_RETRY_BASE_MS: '50' };
    let api = await startApi(settings, database);
    try {
      smtp.refuseNext(100); // the server is "down" while the first process runs
      await append(api, {
        type: 'QuickQuestionAsked',
        data: { questionId: randomUUID(), name: 'Ada', email: 'ada@example.com', message: 'Hello?' },
      });
      await eventually(() => smtp.attempts() >= 2, { timeout: 10_000 });
      await api.close();

      smtp.refuseNext(0);
      api = await startApi(settings, database);
      await eventually(() => smtp.messages.length === 2, { timeout: 15_000 });
      await settled(api);
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual(['Quick question from Ada', 'We got your question']);
      expect((await outboxStatus(api)).map((row) => row.status)).toEqual(['sent', 'sent']);
    } finally {
      await api.close();
      await database.drop();
      await smtp.close();
    }
  });

  it('writes readable .eml files to the outbox folder when no SMTP server is configured', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'unsheet-outbox-'));
    const api = await startApi({ ...MAIL, REDIS_URL: '', DATA_DIR: dataDir, EMAIL_POLL_MS: '50' });
    try {
      await append(api, {
        type: 'DeveloperInquirySubmitted',
        data: { inquiryId: randomUUID(), name: 'Ken', email: 'ken@example.com', message: 'Hi', portfolioUrl: null, linkedinUrl: null },
      });
      const folder = join(dataDir, 'outbox');
      await eventually(
        () => {
          try {
            return readdirSync(folder).some((f) => f.endsWith('.eml'));
          } catch {
            return false;
          }
        },
        { timeout: 10_000 },
      );
      const [file] = readdirSync(folder).filter((f) => f.endsWith('.eml'));
      expect(file).toMatch(/^\d+-developer-inquiry-team\.eml$/);
      const mail = await simpleParser(readFileSync(join(folder, file!)));
      expect(mail.subject).toBe('Developer inquiry from Ken');
      expect(recipients(mail)).toEqual(['team@unsheet.test']);
      expect(mail.text).toContain('Ken (ken@example.com) would like to build with us');
    } finally {
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('e-mail nobody can abuse', () => {
  let api: ApiHarness;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startApi({
      ...MAIL,
      SMTP_URL: smtp.url,
      EMAIL_POLL_MS: '50',
      EMAIL_RETRY_BASE_MS: '50',
      EMAIL_MAX_ATTEMPTS: '2',
      EMAIL_DAILY_LIMIT_PER_RECIPIENT: '2',
    });
  });
  afterAll(async () => {
    await api?.close();
    await smtp?.close();
  });

  const question = (email: string) => ({
    type: 'QuickQuestionAsked',
    data: { questionId: randomUUID(), name: 'Someone', email, message: 'Hello?' },
  });

  it('sends one recipient at most EMAIL_DAILY_LIMIT_PER_RECIPIENT e-mails from the forms a day, and as many account e-mails besides, whoever asks', async () => {
    for (let i = 0; i < 3; i++) await append(api, question('target@example.com'));
    for (let i = 0; i < 3; i++) {
      await append(api, {
        type: 'UserRegistered',
        data: { userId: randomUUID(), email: 'target@example.com', displayName: 'X', redirectTo: '/' },
      });
    }
    await append(api, question('other@example.com'));
    await settled(api);
    const to = (address: string) => smtp.messages.filter((mail) => recipients(mail).includes(address));
    // The questions used up the forms' allowance, not the one the account's confirmation needs.
    expect(
      to('target@example.com')
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(['Confirm your Unsheet account', 'Confirm your Unsheet account', 'We got your question', 'We got your question']);
    expect(to('other@example.com')).toHaveLength(1);
    // The team still hears of every question.
    expect(to('team@unsheet.test')).toHaveLength(4);
    const { rows } = await sql<{ template: string; status: string; last_error: string | null }>`
      select template, status, last_error from email_outbox where requested and message->>'to' = 'target@example.com' and status <> 'sent'
      order by template`.execute(api.database.handle.db);
    expect(rows).toEqual([
      { template: 'confirm-account', status: 'skipped', last_error: DAILY_LIMIT_REACHED },
      { template: 'question-ack', status: 'skipped', last_error: DAILY_LIMIT_REACHED },
    ]);
  });

  it('counts every spelling of one mailbox (+tags, Gmail dots and googlemail.com) against one daily limit', async () => {
    for (const spelling of ['victim+1@gmail.com', 'vic.tim@gmail.com', 'victim@googlemail.com', 'v.i.c.t.i.m+x@gmail.com']) {
      await append(api, question(spelling));
    }
    await settled(api);
    const toVictim = smtp.messages.filter((mail) =>
      recipients(mail).some((to) => /@(gmail|googlemail)\.com$/.test(to) && to !== 'team@unsheet.test'),
    );
    expect(toVictim).toHaveLength(2);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from email_outbox where requested and status = 'skipped' and last_error = ${DAILY_LIMIT_REACHED}
        and message->>'to' like '%mail.com'`.execute(api.database.handle.db);
    expect(rows[0]!.n).toBe(2);
  });

  /** The outbox row of the one e-mail to this address. */
  async function outboxTo(address: string) {
    const { rows } = await sql<{ id: string; status: string; attempts: number; last_error: string | null }>`
      select id, status, attempts, last_error from email_outbox where message->>'to' = ${address}`.execute(api.database.handle.db);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  /** Every value the e-mail queue keeps in Redis, as text. */
  async function emailQueueInRedis(): Promise<string> {
    const redis = new Redis(api.config.REDIS_URL!);
    try {
      const keys = await redis.keys(`${api.config.REDIS_PREFIX}:${EMAILS_QUEUE}:*`);
      const stored: string[] = [];
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'hash') stored.push(JSON.stringify(await redis.hgetall(key)));
        else if (type === 'string') stored.push((await redis.get(key)) ?? '');
        else if (type === 'list') stored.push(JSON.stringify(await redis.lrange(key, 0, -1)));
        else if (type === 'zset') stored.push(JSON.stringify(await redis.zrange(key, '0', '-1')));
      }
      return stored.join('\n');
    } finally {
      redis.disconnect();
    }
  }

  it('gives up at once on an address refused for good (5xx), says it is undeliverable, and keeps its address nowhere', async () => {
    smtp.refuseRecipient('bounce.person@example.com');
    await append(api, question('bounce.person@example.com'));
    await eventually(async () => (await outboxTo('bounce.person@example.com')).status === 'failed', { timeout: 15_000 });
    await settled(api);
    const row = await outboxTo('bounce.person@example.com');
    // One attempt: the mail server saw the address once, though EMAIL_MAX_ATTEMPTS allows two.
    expect(row.attempts).toBe(1);
    expect(smtp.rcptAttempts('bounce.person@example.com')).toBe(1);
    expect(row.last_error).toContain('550');
    expect(row.last_error).toContain('bo***@example.com');
    expect(row.last_error).not.toContain('bounce.person');

    const { rows: said } = await sql<{ type: string; data: unknown; stream_version: number }>`
      select type, data, stream_version from events where stream_id = ${emailStream(row.id)}`.execute(api.database.handle.db);
    expect(said).toEqual([
      {
        type: 'EmailUndeliverable',
        data: { to: 'bounce.person@example.com', template: 'question-ack', reason: row.last_error },
        stream_version: 1,
      },
    ]);

    // The failed job BullMQ keeps in Redis holds the masked reply, never the address.
    const everything = await emailQueueInRedis();
    expect(everything).toContain('e-mails not sent');
    expect(everything).not.toContain('bounce.person');
  });

  it('retries an address refused for now (4xx) until its attempts are spent, without calling it undeliverable', async () => {
    smtp.refuseRecipient('busy.person@example.com', 450);
    await append(api, question('busy.person@example.com'));
    await eventually(async () => (await outboxTo('busy.person@example.com')).status === 'failed', { timeout: 15_000 });
    const row = await outboxTo('busy.person@example.com');
    expect(row.attempts).toBe(2);
    expect(smtp.rcptAttempts('busy.person@example.com')).toBe(2);
    expect(row.last_error).toMatch(/^450 /);
    expect(row.last_error).not.toContain('busy.person');
    const { rows: said } = await sql`select 1 from events where stream_id = ${emailStream(row.id)}`.execute(api.database.handle.db);
    expect(said).toEqual([]);
    expect(await emailQueueInRedis()).not.toContain('busy.person');
  });
});
