import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { compose } from '../email/email-sender.js';
import { renderEmail } from '../templates/messages.js';
import { emailsFor, type EmailSettings, type OutboxEmail, type ReactedEvent } from './email.reactor.js';

const settings: EmailSettings = {
  from: 'Unsheet <hello@unsheet.test>',
  adminEmail: 'admin@unsheet.test',
  teamEmail: 'team@unsheet.test',
  baseUrl: 'https://unsheet.example.com',
  secret: 'unit-test-secret-unit-test-secret-0000',
  dailyLimitPerRecipient: 5,
};

function recorded(event: Pick<RecordedEvent<ReactedEvent>, 'type' | 'data'>, position = 41): RecordedEvent<ReactedEvent> {
  return {
    ...event,
    globalPosition: position,
    streamId: 's',
    streamVersion: 1,
    metadata: {},
    transactionId: '9',
    createdAt: new Date('2026-11-22T10:00:00Z'),
  } as RecordedEvent<ReactedEvent>;
}

/** The e-mail as the sender renders it from the outbox row. */
function sent(email: OutboxEmail) {
  return compose({ template: email.template, params: email.params, message: email.envelope });
}

describe('emailsFor', () => {
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

  it('refuses a template it does not know, so that the send fails instead of sending nothing', () => {
    expect(() => renderEmail('no-such-template', {})).toThrow('Unknown e-mail template "no-such-template"');
    expect(() => renderEmail('toString', {})).toThrow('Unknown e-mail template "toString"');
  });
});
