/**
 * The e-mail reactor: a projection whose effect is e-mail. For each event it writes the messages it owes
 * into email_outbox (template, the template's inputs and the envelope; the sender renders them), in its
 * batch transaction, under ids derived from the event's position. A replay or a rebuild writes the same ids
 * again, which the primary key turns into nothing: no e-mail is sent twice, and none is lost, since the
 * delivery workers read the outbox, not the jobs.
 */
import type { LeadJoined } from '../../early-access/waitlist/lead.events.js';
import { isEarlyExplorer } from '../../../../contracts/early-access/rewards.js';
import type { DeveloperInquirySubmitted, QuickQuestionAsked, SuggestionSubmitted } from '../../feedback/feedback.events.js';
import {
  CONFIRMATION_PAGE,
  CONFIRMATION_TOKEN_PURPOSE,
  CONFIRMATION_TOKEN_TTL_SECONDS,
  confirmationSubject,
  PASSWORD_RESET_PAGE,
  PASSWORD_RESET_TOKEN_PURPOSE,
  PASSWORD_RESET_TOKEN_TTL_SECONDS,
  passwordResetSubject,
} from '../../identity/confirmation-link.js';
import type { PasswordResetRequested, RegistrationRenewed, SignUpAttempted, UserRegistered } from '../../identity/user.events.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import type { Projection } from '../../shared/projections/projection.js';
import { signToken } from '../../shared/security/signed-token.js';
import { emailKey } from '../../shared/validation/email.js';
import type { OutboxEnvelope } from '../notifications.tables.js';
import type { TemplateName, TemplateParams } from '../templates/messages.js';

export type ReactedEvent =
  | UserRegistered
  | RegistrationRenewed
  | SignUpAttempted
  | PasswordResetRequested
  | SuggestionSubmitted
  | QuickQuestionAsked
  | DeveloperInquirySubmitted
  | LeadJoined;

export interface EmailSettings {
  from: string;
  adminEmail: string;
  teamEmail: string;
  /** Absolute base of links in e-mails, without a trailing slash. */
  baseUrl: string;
  secret: string;
}

/** An e-mail the outbox owes: its template and the template's inputs, rendered when it is sent. */
export interface OutboxEmail {
  id: string;
  template: TemplateName;
  marketing: boolean;
  envelope: OutboxEnvelope;
  params: unknown;
}

export const UNSUBSCRIBE_TOKEN_PURPOSE = 'unsubscribe';
const DAY = 24 * 3600;

export function emailReactor(settings: EmailSettings): Projection<ReactedEvent> {
  return {
    name: 'email-reactor',
    mode: 'async',
    handles: [
      'UserRegistered',
      'RegistrationRenewed',
      'SignUpAttempted',
      'PasswordResetRequested',
      'SuggestionSubmitted',
      'QuickQuestionAsked',
      'DeveloperInquirySubmitted',
      'LeadJoined',
    ],
    // Nothing to empty on a rebuild: the outbox remembers what is owed and sent.
    tables: [],
    async handle(trx, events) {
      const emails = events.flatMap((event) => emailsFor(event, settings));
      if (emails.length === 0) return;
      await trx
        .insertInto('email_outbox')
        .values(
          emails.map((email) => ({
            id: email.id,
            template: email.template,
            marketing: email.marketing,
            recipient_key: emailKey(email.envelope.to),
            message: JSON.stringify(email.envelope),
            params: JSON.stringify(email.params),
            queued_at: null,
            last_error: null,
            sent_at: null,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}

/** The e-mails an event calls for (pure: the same event always gives the same e-mails and ids). */
export function emailsFor(event: RecordedEvent<ReactedEvent>, settings: EmailSettings): OutboxEmail[] {
  const email = <T extends TemplateName>(
    template: T,
    to: string,
    params: TemplateParams<T>,
    extra: Partial<OutboxEnvelope> = {},
    marketing = false,
  ): OutboxEmail => ({
    id: `${event.globalPosition}-${template}`,
    template,
    marketing,
    envelope: { from: settings.from, to, ...extra },
    params,
  });
  switch (event.type) {
    case 'UserRegistered':
    case 'RegistrationRenewed': {
      const { userId, email: to, displayName, createdBy } = event.data;
      // An operator-created administrator is confirmed already: no link to follow.
      if (createdBy === 'operator') return [];
      // A renewed sign-up's link names its registration: the links of the registration it replaced confirm nothing.
      const registrationId = event.type === 'RegistrationRenewed' ? event.data.registrationId : userId;
      const token = signToken(
        settings.secret,
        CONFIRMATION_TOKEN_PURPOSE,
        confirmationSubject(userId, registrationId),
        CONFIRMATION_TOKEN_TTL_SECONDS,
        event.createdAt.getTime(),
      );
      const confirmUrl = `${settings.baseUrl}${CONFIRMATION_PAGE}?token=${token}`;
      return [email('confirm-account', to, { displayName, confirmUrl })];
    }
    case 'SignUpAttempted':
      // To the account's own address, with our links only: nothing the person who signed up typed.
      return [email('sign-up-attempted', event.data.email, { signInUrl: `${settings.baseUrl}/auth` })];
    case 'PasswordResetRequested': {
      const { userId, email: to, resetId } = event.data;
      const token = signToken(
        settings.secret,
        PASSWORD_RESET_TOKEN_PURPOSE,
        passwordResetSubject(userId, resetId),
        PASSWORD_RESET_TOKEN_TTL_SECONDS,
        event.createdAt.getTime(),
      );
      // In the fragment: no server, log or Referer sees it (the page takes it out of the address, too).
      return [email('password-reset', to, { resetUrl: `${settings.baseUrl}${PASSWORD_RESET_PAGE}#token=${token}` })];
    }
    case 'SuggestionSubmitted': {
      const { email: from, text, category, sourcePage } = event.data;
      return [email('suggestion-admin', settings.adminEmail, { email: from, text, category, sourcePage }, { replyTo: from })];
    }
    case 'QuickQuestionAsked': {
      const { name, email: from, message } = event.data;
      return [
        email('question-team', settings.teamEmail, { name, email: from, message }, { replyTo: from }),
        email('question-ack', from, { name, message }, { replyTo: settings.teamEmail }),
      ];
    }
    case 'DeveloperInquirySubmitted': {
      const { name, email: from, message, portfolioUrl, linkedinUrl } = event.data;
      return [
        email('developer-inquiry-team', settings.teamEmail, { name, email: from, message, portfolioUrl, linkedinUrl }, { replyTo: from }),
      ];
    }
    case 'LeadJoined': {
      const { email: to, position, referralCode } = event.data;
      const token = signToken(settings.secret, UNSUBSCRIBE_TOKEN_PURPOSE, emailKey(to), 5 * 365 * DAY, event.createdAt.getTime());
      const unsubscribeUrl = `${settings.baseUrl}/api/emails/unsubscribe?token=${token}`;
      const params = {
        position,
        earlyExplorer: isEarlyExplorer(position),
        shareUrl: `${settings.baseUrl}/?ref=${encodeURIComponent(referralCode)}`,
        unsubscribeUrl,
      };
      const headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
      return [email('welcome', to, params, { headers }, true)];
    }
  }
}
