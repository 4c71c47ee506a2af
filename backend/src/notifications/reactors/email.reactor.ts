/**
 * The e-mail reactor: a projection whose effect is e-mail. For each event it writes the messages it owes
 * into email_outbox (template, the template's inputs and the envelope; the sender renders them), in its
 * batch transaction, under ids derived from the event's position. A replay or a rebuild writes the same ids
 * again, which the primary key turns into nothing: no e-mail is sent twice, and none is lost, since the
 * delivery workers read the outbox, not the jobs.
 */
import type { ReferralLinkRequested } from '../../early-access/referral/referral.events.js';
import {
  LEAD_CONFIRMATION_PAGE,
  LEAD_CONFIRMATION_PURPOSE,
  LEAD_CONFIRMATION_TOKEN_TTL_SECONDS,
  type LeadJoined,
  type LeadJoinRepeated,
} from '../../early-access/waitlist/lead.events.js';
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
import { sql } from 'kysely';
import type { Trx } from '../../shared/db/tables.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import type { Projection } from '../../shared/projections/projection.js';
import { isLoopbackOrigin } from '../../shared/http/site-base.js';
import { signToken } from '../../shared/security/signed-token.js';
import { emailKey, mailboxKey } from '../../shared/validation/email.js';
import type { WeeklyDigestPrepared } from '../digest/digest.events.js';
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
  | LeadJoined
  | LeadJoinRepeated
  | ReferralLinkRequested
  | WeeklyDigestPrepared;

export interface EmailSettings {
  from: string;
  adminEmail: string;
  teamEmail: string;
  /** Absolute base of links in e-mails, without a trailing slash: PUBLIC_BASE_URL, else http://localhost:<PORT>. */
  baseUrl: string;
  /**
   * Whether an event's `metadata.linkBase` (the address its visitor used, recorded only in development:
   * shared/http/site-base.ts's visitorLinkBase) may replace baseUrl. True only in development (`npm run dev`,
   * LINKS_FOLLOW_VISITOR) without PUBLIC_BASE_URL.
   */
  followVisitor: boolean;
  secret: string;
  /**
   * EMAIL_DAILY_LIMIT_PER_RECIPIENT: e-mails asked for through public forms that one recipient gets a day, in
   * each allowance (account e-mails, the forms' other e-mails: ACCOUNT_EMAILS).
   */
  dailyLimitPerRecipient: number;
  /** TEAM_EMAIL_HOURLY_LIMIT: e-mails to the team and the administrator about what visitors sent, an hour in all. */
  teamHourlyLimit: number;
  /** LEAD_CONFIRMATION_DAYS: days an unconfirmed lead holds its spot (said in the e-mails that ask to confirm). */
  leadConfirmationDays: number;
}

/** Why an e-mail was not sent: its recipient had had the day's limit of e-mails asked for through public forms. */
export const DAILY_LIMIT_REACHED = "the recipient's daily limit of requested e-mails was reached";

/**
 * Why a notice to the team was not sent: the hour's allowance of them was used. The visitor's message is
 * kept all the same (feedback tables, the admin console).
 */
export const TEAM_HOURLY_LIMIT_REACHED = "the hour's limit of e-mails to the team was reached; the message is in the admin console";

/** The e-mails that tell the team or the administrator what a visitor sent: TEAM_EMAIL_HOURLY_LIMIT an hour in all. */
export const TEAM_NOTICES: readonly TemplateName[] = ['suggestion-admin', 'question-team', 'developer-inquiry-team'];

/** An e-mail the outbox owes: its template and the template's inputs, rendered when it is sent. */
export interface OutboxEmail {
  id: string;
  template: TemplateName;
  marketing: boolean;
  /** To an address someone typed into a public form: counted against that recipient's daily limit. */
  requested: boolean;
  envelope: OutboxEnvelope;
  params: unknown;
}

/**
 * An unsubscribe link names the e-mail it came in (its outbox id), signed with APP_SECRET: nothing in it is
 * derived from the address, and once the person is erased the e-mail it names is no longer theirs.
 */
export const UNSUBSCRIBE_TOKEN_PURPOSE = 'unsubscribe';
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 365 * 24 * 3600;

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
      'LeadJoinRepeated',
      'ReferralLinkRequested',
      'WeeklyDigestPrepared',
    ],
    // Nothing to empty on a rebuild: the outbox remembers what is owed and sent.
    tables: [],
    async handle(trx, events) {
      const emails = events.flatMap((event) => emailsFor(event, settings));
      if (emails.length === 0) return;
      const overLimit = await overDailyLimit(trx, emails, settings.dailyLimitPerRecipient);
      const overTeamLimit = await overTeamHourlyLimit(trx, emails, settings.teamHourlyLimit);
      await trx
        .insertInto('email_outbox')
        .values(
          emails.map((email) => ({
            id: email.id,
            template: email.template,
            marketing: email.marketing,
            requested: email.requested,
            recipient_key: emailKey(email.envelope.to),
            mailbox_key: mailboxOf(email),
            message: JSON.stringify(email.envelope),
            params: JSON.stringify(email.params),
            queued_at: null,
            ...(overLimit.has(email.id)
              ? { status: 'skipped' as const, last_error: DAILY_LIMIT_REACHED }
              : overTeamLimit.has(email.id)
                ? { status: 'skipped' as const, last_error: TEAM_HOURLY_LIMIT_REACHED }
                : { last_error: null }),
            sent_at: null,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}

/** The key of the inbox an e-mail lands in: every spelling of one mailbox (+tags, Gmail's dots) is one recipient. */
function mailboxOf(email: OutboxEmail): string {
  return emailKey(mailboxKey(email.envelope.to.trim().toLowerCase()));
}

/**
 * The e-mails an account needs (its sign-up's confirmation, the notice that someone signed up with a confirmed
 * address): a daily allowance of their own per recipient, apart from the forms' e-mails (the acknowledgement
 * of a quick question, the welcome to the list and the like), so that filling the forms with an address cannot
 * keep its owner from opening their account. Password-reset e-mails are counted in neither (their own limit
 * is the "Forgot password?" route's, per address).
 */
export const ACCOUNT_EMAILS: readonly TemplateName[] = ['confirm-account', 'sign-up-attempted'];

/** Which daily allowance of its recipient a requested e-mail uses. */
function allowanceOf(template: TemplateName): 'account' | 'forms' {
  return ACCOUNT_EMAILS.includes(template) ? 'account' : 'forms';
}

/**
 * The requested e-mails of a batch that go over their recipient's daily limit, counting what the outbox
 * already holds for that mailbox from the last 24 hours (sent or owed, not skipped), each allowance (account
 * e-mails, the forms' e-mails) on its own. Race-free: a projection's batches run one at a time. A replayed
 * batch finds its e-mails there already and writes nothing.
 */
async function overDailyLimit(trx: Trx, emails: OutboxEmail[], limit: number): Promise<Set<string>> {
  const requested = emails.filter((email) => email.requested);
  if (requested.length === 0) return new Set();
  const keys = [...new Set(requested.map(mailboxOf))];
  const rows = await trx
    .selectFrom('email_outbox')
    .select((eb) => ['mailbox_key', eb('template', 'in', ACCOUNT_EMAILS).as('account'), eb.fn.countAll<number>().as('n')])
    .where('requested', '=', true)
    .where('status', '<>', 'skipped')
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .where('mailbox_key', 'in', keys)
    .where(
      'id',
      'not in',
      requested.map((email) => email.id),
    )
    .groupBy(['mailbox_key', 'account'])
    .execute();
  const counts = new Map(rows.map((row) => [`${row.account ? 'account' : 'forms'}:${row.mailbox_key}`, Number(row.n)]));
  const over = new Set<string>();
  for (const email of requested) {
    const key = `${allowanceOf(email.template)}:${mailboxOf(email)}`;
    const count = counts.get(key) ?? 0;
    if (count >= limit) over.add(email.id);
    else counts.set(key, count + 1);
  }
  return over;
}

/**
 * The notices to the team of a batch that go over the hour's limit, counting those the outbox holds from the
 * last hour (not skipped). As for the daily limit: race-free, since a projection's batches run one at a time,
 * and a replayed batch (a rebuild) finds its e-mails there already and writes nothing, so nothing is sent
 * again and the count is not spent twice.
 */
async function overTeamHourlyLimit(trx: Trx, emails: OutboxEmail[], limit: number): Promise<Set<string>> {
  const notices = emails.filter((email) => TEAM_NOTICES.includes(email.template));
  if (notices.length === 0) return new Set();
  const row = await trx
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('template', 'in', TEAM_NOTICES)
    .where('status', '<>', 'skipped')
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .where(
      'id',
      'not in',
      notices.map((email) => email.id),
    )
    .executeTakeFirstOrThrow();
  let count = Number(row.n);
  const over = new Set<string>();
  for (const email of notices) {
    if (count >= limit) over.add(email.id);
    else count++;
  }
  return over;
}

/**
 * The e-mails an event calls for (pure: the same event always gives the same e-mails and ids). E-mail to an
 * address that has not confirmed it is theirs carries no text and no link chosen by whoever typed it in: a
 * public form cannot make us send someone else's words from our address.
 */
export function emailsFor(event: RecordedEvent<ReactedEvent>, settings: EmailSettings): OutboxEmail[] {
  const id = (template: TemplateName) => `${event.globalPosition}-${template}`;
  const email = <T extends TemplateName>(
    template: T,
    to: string,
    params: TemplateParams<T>,
    { marketing = false, requested = false, ...extra }: Partial<OutboxEnvelope> & { marketing?: boolean; requested?: boolean } = {},
  ): OutboxEmail => ({
    id: id(template),
    template,
    marketing,
    requested,
    envelope: { from: settings.from, to, ...extra },
    params,
  });
  const baseUrl = linkBaseOf(event, settings);
  const shareUrl = (code: string) => `${baseUrl}/?ref=${encodeURIComponent(code)}`;
  // The lead's confirmation link (confirming twice is harmless), and how long an unconfirmed spot is held.
  const confirmation = (leadId: string) => ({
    confirmUrl: `${baseUrl}${LEAD_CONFIRMATION_PAGE}?token=${signToken(
      settings.secret,
      LEAD_CONFIRMATION_PURPOSE,
      leadId,
      LEAD_CONFIRMATION_TOKEN_TTL_SECONDS,
      event.createdAt.getTime(),
    )}`,
    confirmationDays: settings.leadConfirmationDays,
  });
  switch (event.type) {
    case 'UserRegistered':
    case 'RegistrationRenewed': {
      const { userId, email: to, createdBy } = event.data;
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
      const confirmUrl = `${baseUrl}${CONFIRMATION_PAGE}?token=${token}`;
      return [email('confirm-account', to, { confirmUrl }, { requested: true })];
    }
    case 'SignUpAttempted':
      // To the account's own address, with our links only: nothing the person who signed up typed.
      return [email('sign-up-attempted', event.data.email, { signInUrl: `${baseUrl}/auth` }, { requested: true })];
    case 'PasswordResetRequested': {
      const { userId, email: to, resetId } = event.data;
      const token = signToken(
        settings.secret,
        PASSWORD_RESET_TOKEN_PURPOSE,
        passwordResetSubject(userId, resetId),
        PASSWORD_RESET_TOKEN_TTL_SECONDS,
        event.createdAt.getTime(),
      );
      // In the fragment: no server, log or Referer sees it (the page takes it out of the address, too). Not
      // counted as requested: the way back into an account must not be closed by whoever filled the forms
      // with its address today; "Forgot password?" has its own limit per address (identity.rate-limits.ts).
      return [email('password-reset', to, { resetUrl: `${baseUrl}${PASSWORD_RESET_PAGE}#token=${token}` })];
    }
    case 'SuggestionSubmitted': {
      const { email: from, text, category, sourcePage } = event.data;
      return [email('suggestion-admin', settings.adminEmail, { email: from, text, category, sourcePage }, { replyTo: from })];
    }
    case 'QuickQuestionAsked': {
      const { name, email: from, message } = event.data;
      return [
        email('question-team', settings.teamEmail, { name, email: from, message }, { replyTo: from }),
        email('question-ack', from, {}, { replyTo: settings.teamEmail, requested: true }),
      ];
    }
    case 'DeveloperInquirySubmitted': {
      const { name, email: from, message, portfolioUrl, linkedinUrl } = event.data;
      return [
        email('developer-inquiry-team', settings.teamEmail, { name, email: from, message, portfolioUrl, linkedinUrl }, { replyTo: from }),
      ];
    }
    case 'LeadJoined': {
      const { leadId, email: to, position, referralCode } = event.data;
      const token = signToken(
        settings.secret,
        UNSUBSCRIBE_TOKEN_PURPOSE,
        id('welcome'),
        UNSUBSCRIBE_TOKEN_TTL_SECONDS,
        event.createdAt.getTime(),
      );
      const unsubscribeUrl = `${baseUrl}/api/emails/unsubscribe?token=${token}`;
      const params = {
        position,
        earlyExplorer: event.data.earlyExplorer ?? isEarlyExplorer(position),
        shareUrl: shareUrl(referralCode),
        ...confirmation(leadId),
        unsubscribeUrl,
      };
      const headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
      return [email('welcome', to, params, { headers, marketing: true, requested: true })];
    }
    case 'LeadJoinRepeated': {
      // Sent whoever joined again: only the list's own facts about the address and our links.
      const { leadId, email: to, position, earlyExplorer, referralCode } = event.data;
      const params = { position, earlyExplorer, shareUrl: shareUrl(referralCode), ...confirmation(leadId) };
      return [email('already-on-list', to, params, { requested: true })];
    }
    case 'ReferralLinkRequested':
      return [email('share-link', event.data.email, { shareUrl: shareUrl(event.data.code) }, { requested: true })];
    case 'WeeklyDigestPrepared':
      return [email('weekly-digest', settings.adminEmail, event.data)];
  }
}

/** Where an event's e-mail links point: the configured base, or in development the address its visitor used. */
function linkBaseOf(event: RecordedEvent<ReactedEvent>, settings: EmailSettings): string {
  const { linkBase } = event.metadata;
  return settings.followVisitor && typeof linkBase === 'string' && isLoopbackOrigin(linkBase) ? linkBase : settings.baseUrl;
}
