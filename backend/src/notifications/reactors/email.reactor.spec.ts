import { describe, expect, it } from 'vitest';
import { LEAD_CONFIRMATION_PURPOSE } from '../../early-access/waitlist/lead.events.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { verifyToken } from '../../shared/security/signed-token.js';
import { compose } from '../email/email-sender.js';
import { renderEmail } from '../templates/messages.js';
import { emailsFor, type EmailSettings, type OutboxEmail, type ReactedEvent } from './email.reactor.js';

const settings: EmailSettings = {
  from: 'Unsheet <hello@unsheet.test>',
  adminEmail: 'admin@unsheet.test',
  teamEmail: 'team@unsheet.test',
  baseUrl: 'https://unsheet.example.com',
  followVisitor: false,
  secret: 'unit-test-secret-unit-test-secret-0000',
  dailyLimitPerRecipient: 5,
  teamHourlyLimit: 30,
  leadConfirmationDays: 7,
};

const CREATED_AT = new Date('2026-11-22T10:00:00Z');

function recorded(
  event: Pick<RecordedEvent<ReactedEvent>, 'type' | 'data'>,
  position = 41,
  metadata: Record<string, unknown> = {},
): RecordedEvent<ReactedEvent> {
  return {
    ...event,
    globalPosition: position,
    streamId: 's',
    streamVersion: 1,
    metadata,
    transactionId: '9',
    createdAt: CREATED_AT,
  } as RecordedEvent<ReactedEvent>;
}

/** The lead id the e-mail's confirmation link confirms, checked as the link's page checks it (when the e-mail was written). */
function confirmedBy(text: string): string | null {
  const link = text.match(/https:\/\/unsheet\.example\.com\/confirm\?token=(\S+)/);
  expect(link).not.toBeNull();
  return verifyToken(settings.secret, LEAD_CONFIRMATION_PURPOSE, link![1]!, CREATED_AT.getTime());
}

/** Words a visitor typed that must never reach these e-mails. */
const TYPED = ['evil.example', 'Claim'];

/** The e-mail as the sender renders it from the outbox row. */
function sent(email: OutboxEmail) {
  return compose({ template: email.template, params: email.params, message: email.envelope });
}

describe('emailsFor', () => {
  describe('links: PUBLIC_BASE_URL, or in development the address the visitor used', () => {
    const reset = recorded({ type: 'PasswordResetRequested', data: { userId: 'u', email: 'a@b.co', resetId: 'r' } }, 41, {
      linkBase: 'http://127.0.0.1:5173',
    });
    const linkOf = (event: RecordedEvent<ReactedEvent>, followVisitor: boolean) =>
      (emailsFor(event, { ...settings, followVisitor })[0]!.params as { resetUrl: string }).resetUrl;

    it("follows the visitor's address in development", () => {
      expect(linkOf(reset, true)).toMatch(/^http:\/\/127\.0\.0\.1:5173\/auth\/reset-password#token=/);
    });

    it('keeps to PUBLIC_BASE_URL when it is set, whatever the event says', () => {
      expect(linkOf(reset, false)).toMatch(/^https:\/\/unsheet\.example\.com\/auth\/reset-password#token=/);
    });

    it('never links to another machine, nor to an address that is not a bare origin', () => {
      for (const linkBase of [
        'https://evil.example',
        'http://localhost.evil.example:3000',
        'http://localhost:3000/x',
        'javascript:alert(1)',
        42,
      ]) {
        const event = recorded({ type: 'PasswordResetRequested', data: { userId: 'u', email: 'a@b.co', resetId: 'r' } }, 41, { linkBase });
        expect(linkOf(event, true)).toMatch(/^https:\/\/unsheet\.example\.com\//);
      }
    });
  });

  it('derives ids from the event position, and gives the same e-mails for the same event', () => {
    const event = recorded({
      type: 'QuickQuestionAsked',
      data: { questionId: 'q', name: 'Ada', email: 'ada@example.com', message: 'Hi' },
    });
    const emails = emailsFor(event, settings);
    expect(emails.map((e) => e.id)).toEqual(['41-question-team', '41-question-ack']);
    expect(emailsFor(event, settings)).toEqual(emails);
  });

  it('escapes visitor values in HTML but keeps them readable in text', () => {
    const email = sent(
      emailsFor(
        recorded({
          type: 'QuickQuestionAsked',
          data: { questionId: 'q', name: '<img src=x onerror=alert(1)>', email: 'a@b.co', message: 'x & "y"' },
        }),
        settings,
      )[0]!,
    );
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('x &amp; &quot;y&quot;');
    expect(email.text).toContain('x & "y"');
  });

  it('welcomes Early Explorers and wait-listed leads differently, as marketing with an unsubscribe header', () => {
    const lead = (position: number) =>
      emailsFor(
        recorded({
          type: 'LeadJoined',
          data: { leadId: 'l', email: 'a@b.co', sourcePage: '/', position, referralCode: 'ABC123', referredBy: null, sessionId: null },
        }),
        settings,
      )[0]!;
    expect(sent(lead(100)).subject).toBe('Welcome, Early Explorer #100!');
    expect(sent(lead(101)).subject).toBe("You're #101 on the Unsheet wait-list");
    expect(lead(1).marketing).toBe(true);
    expect(lead(1).envelope.headers!['List-Unsubscribe']).toMatch(
      /^<https:\/\/unsheet\.example\.com\/api\/emails\/unsubscribe\?token=.+>$/,
    );
  });

  it('welcomes by the standing the join decided, and by position for joins from before it was recorded', () => {
    const welcome = (position: number, earlyExplorer?: boolean) =>
      sent(
        emailsFor(
          recorded({
            type: 'LeadJoined',
            data: {
              leadId: 'l',
              email: 'a@b.co',
              sourcePage: '/',
              position,
              earlyExplorer,
              referralCode: 'ABC123',
              referredBy: null,
              sessionId: null,
            },
          }),
          settings,
        )[0]!,
      ).subject;
    // Spots given back: a later position can still be an Early Explorer, and an early one a wait-listed lead.
    expect(welcome(130, true)).toBe('Welcome, Early Explorer #130!');
    expect(welcome(90, false)).toBe("You're #90 on the Unsheet wait-list");
    expect(welcome(90)).toBe('Welcome, Early Explorer #90!');
  });

  it('asks a new lead to confirm, with a link that confirms that lead, and says when an unconfirmed spot is given back', () => {
    const [email] = emailsFor(
      recorded({
        type: 'LeadJoined',
        data: {
          leadId: 'lead-7',
          email: 'a@b.co',
          sourcePage: '/?x=https://evil.example',
          position: 7,
          referralCode: 'ABC123',
          referredBy: null,
          sessionId: null,
        },
      }),
      settings,
    );
    const { html, text } = sent(email!);
    expect(confirmedBy(text)).toBe('lead-7');
    expect(html).toMatch(/href="https:\/\/unsheet\.example\.com\/confirm\?token=[^"]+"/);
    for (const body of [html, text]) {
      expect(body).toContain('Confirm your address to keep your spot and so that your invites count.');
      expect(body).toContain('Spots not confirmed within 7 days are given back.');
      expect(body).toContain('https://unsheet.example.com/?ref=ABC123');
      expect(body).toContain('/api/emails/unsubscribe?token=');
      for (const typed of TYPED) expect(body).not.toContain(typed);
    }
    const oneDay = emailsFor(
      recorded({
        type: 'LeadJoined',
        data: { leadId: 'l', email: 'a@b.co', sourcePage: null, position: 7, referralCode: 'ABC123', referredBy: null, sessionId: null },
      }),
      {
        ...settings,
        leadConfirmationDays: 1,
      },
    );
    expect(sent(oneDay[0]!).text).toContain('Spots not confirmed within 1 day are given back.');
  });

  it('tells an address joined again where it stands, with its link and the confirmation, as a requested e-mail', () => {
    const repeated = (position: number, earlyExplorer: boolean) =>
      emailsFor(
        recorded(
          { type: 'LeadJoinRepeated', data: { leadId: 'lead-9', email: 'a@b.co', position, earlyExplorer, referralCode: 'K3X9QZ' } },
          58,
        ),
        settings,
      );
    const emails = repeated(9, true);
    expect(emails.map((e) => [e.id, e.template, e.envelope.to, e.marketing, e.requested])).toEqual([
      ['58-already-on-list', 'already-on-list', 'a@b.co', false, true],
    ]);
    expect(emails[0]!.envelope.headers).toBeUndefined();
    const explorer = sent(emails[0]!);
    expect(explorer.subject).toBe("You're already on the Unsheet list");
    expect(explorer.text).toContain("You're Early Explorer #9.");
    expect(explorer.text).toContain('https://unsheet.example.com/?ref=K3X9QZ');
    expect(explorer.html).toContain('href="https://unsheet.example.com/?ref=K3X9QZ"');
    expect(explorer.text).toContain('If it was not you, ignore this e-mail');
    expect(explorer.text).toContain('Spots not confirmed within 7 days are given back.');
    expect(explorer.text).not.toContain('Unsubscribe');
    expect(confirmedBy(explorer.text)).toBe('lead-9');
    expect(sent(repeated(140, false)[0]!).text).toContain("You're #140 on the wait-list.");
  });

  it('sends an existing lead its share link when the generator is asked for it, as a requested e-mail', () => {
    const emails = emailsFor(recorded({ type: 'ReferralLinkRequested', data: { email: 'a@b.co', code: 'K3X9QZ' } }, 60), settings);
    expect(emails.map((e) => [e.id, e.template, e.envelope.to, e.marketing, e.requested])).toEqual([
      ['60-share-link', 'share-link', 'a@b.co', false, true],
    ]);
    const { subject, html, text } = sent(emails[0]!);
    expect(subject).toBe('Your Unsheet share link');
    expect(text).toContain('https://unsheet.example.com/?ref=K3X9QZ');
    expect(html).toContain('href="https://unsheet.example.com/?ref=K3X9QZ"');
    expect(text).toContain('If you did not ask for it, ignore this e-mail');
    expect(text).not.toContain('Unsubscribe');
  });

  it('sends the weekly digest to the admin: leads, unmet needs with their change, most viewed apps, escaped', () => {
    const data = {
      from: '2026-11-23',
      to: '2026-11-29',
      newLeads: 3,
      previousLeads: 1,
      needs: [
        { label: 'invoice reminders', signals: 4, previous: 2, change: 100 },
        { label: '<b>rota</b>', signals: 1, previous: 0, change: null },
      ],
      apps: [{ name: 'Shift Planner', slug: 'shift-planner', views: 1200 }],
    };
    const emails = emailsFor(recorded({ type: 'WeeklyDigestPrepared', data }, 61), settings);
    expect(emails.map((e) => [e.id, e.template, e.envelope.to, e.marketing, e.requested])).toEqual([
      ['61-weekly-digest', 'weekly-digest', settings.adminEmail, false, false],
    ]);
    const { subject, html, text } = sent(emails[0]!);
    expect(subject).toBe('Unsheet weekly digest, 2026-11-23 to 2026-11-29');
    expect(text).toContain('3 new leads (the week before: 1)');
    expect(text).toContain('- invoice reminders: 4 (+100%)');
    expect(text).toContain('- <b>rota</b>: 1 (new)');
    expect(text).toContain('- Shift Planner: 1200 views');
    expect(html).toContain('&lt;b&gt;rota&lt;/b&gt;');
  });

  it('sends transactional e-mail without an unsubscribe link', () => {
    const [email] = emailsFor(
      recorded({
        type: 'UserRegistered',
        data: { userId: 'u', email: 'a@b.co', displayName: 'A', redirectTo: '/' },
      }),
      settings,
    );
    expect(email!.marketing).toBe(false);
    expect(email!.envelope.headers).toBeUndefined();
    expect(sent(email!).text).not.toContain('Unsubscribe');
  });

  it('sends no confirmation to an administrator the operator created already confirmed', () => {
    const event = recorded({
      type: 'UserRegistered',
      data: { userId: 'u', email: 'a@b.co', displayName: 'A', redirectTo: '/admin/dashboard', createdBy: 'operator' },
    });
    expect(emailsFor(event, settings)).toEqual([]);
  });
});

describe('renderEmail', () => {
  it('renders the welcome e-mail from the inputs the outbox keeps, links included', () => {
    const { subject, html, text } = renderEmail('welcome', {
      position: 7,
      earlyExplorer: true,
      shareUrl: 'https://unsheet.example.com/?ref=ABC123',
      unsubscribeUrl: 'https://unsheet.example.com/api/emails/unsubscribe?token=t',
    });
    expect(subject).toBe('Welcome, Early Explorer #7!');
    expect(html).toContain('href="https://unsheet.example.com/?ref=ABC123"');
    expect(text).toContain('https://unsheet.example.com/?ref=ABC123');
    expect(html).toContain('https://unsheet.example.com/api/emails/unsubscribe?token=t');
  });

  it('renders a welcome e-mail written before the confirmation link without one', () => {
    const { html, text } = renderEmail('welcome', {
      position: 130,
      earlyExplorer: false,
      shareUrl: 'https://unsheet.example.com/?ref=ABC123',
      unsubscribeUrl: 'https://unsheet.example.com/api/emails/unsubscribe?token=t',
    });
    for (const body of [html, text]) {
      expect(body).not.toContain('Confirm');
      expect(body).not.toContain('undefined');
      expect(body).toContain('https://unsheet.example.com/?ref=ABC123');
    }
  });

  it('escapes every input of the lead e-mails', () => {
    const hostile = {
      shareUrl: 'https://x.test/?ref="><script>alert(1)</script>',
      confirmUrl: 'https://x.test/c?t="><b>',
      confirmationDays: 7,
    };
    for (const [template, params] of [
      ['welcome', { ...hostile, position: 1, earlyExplorer: true, unsubscribeUrl: 'https://x.test/u?"<i>' }],
      ['already-on-list', { ...hostile, position: 1, earlyExplorer: true }],
      ['share-link', { shareUrl: hostile.shareUrl }],
    ] as const) {
      const { html } = renderEmail(template, params);
      expect(html, template).not.toMatch(/<script|<b>|<i>/);
      expect(html, template).toContain('&quot;&gt;&lt;script&gt;');
    }
  });

  it('refuses a template it does not know, so that the send fails instead of sending nothing', () => {
    expect(() => renderEmail('no-such-template', {})).toThrow('Unknown e-mail template "no-such-template"');
    expect(() => renderEmail('toString', {})).toThrow('Unknown e-mail template "toString"');
  });
});
