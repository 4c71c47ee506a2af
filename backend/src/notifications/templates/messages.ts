/**
 * Every e-mail the product sends: subject, HTML and plain text, from the data of the event behind it. The
 * outbox keeps a template's name and inputs, and the sender renders them (renderEmail).
 */
import { REWARD_TIERS } from '../../../../contracts/early-access/rewards.js';
import { CONFIRMATION_TOKEN_TTL_SECONDS, PASSWORD_RESET_TOKEN_TTL_SECONDS } from '../../identity/confirmation-link.js';
import type { WeeklyDigestPrepared } from '../digest/digest.events.js';
import { html, type Markup } from './html.js';
import { button, layout, paragraphs, type EmailContent } from './layout.js';

/** How long the confirmation link lasts, in the words the e-mail uses ('24 hours'). */
const CONFIRMATION_LINK_LASTS = inWords(CONFIRMATION_TOKEN_TTL_SECONDS);

/** No greeting by name: the address has not confirmed it is theirs, and the name is whatever was typed in. */
export function confirmAccount(p: { confirmUrl: string }): EmailContent {
  const fine = `If you did not sign up, ignore this e-mail. The link works once and expires in ${CONFIRMATION_LINK_LASTS}.`;
  return layout({
    subject: 'Confirm your Unsheet account',
    preheader: 'One click to confirm your e-mail address.',
    body: html`<p>Hello,</p>
      <p>Please confirm your e-mail address to finish creating your Unsheet account.</p>
      ${button(p.confirmUrl, 'Confirm my account')}
      <p style="font-size:13px;color:#64748b">${fine}</p>`,
    text: `Hello,\n\nPlease confirm your e-mail address to finish creating your Unsheet account:\n${p.confirmUrl}\n\n${fine}`,
  });
}

/**
 * To the owner of a confirmed account when someone signs up with its address. Only our words and links: the
 * sign-up's name and destination were typed by whoever filled the form.
 */
export function signUpAttempted(p: { signInUrl: string }): EmailContent {
  const fine =
    'If it was not you, ignore this e-mail: someone may have typed your address by mistake. Your account and password are unchanged.';
  return layout({
    subject: 'Someone tried to create an account with your address',
    preheader: 'You already have an Unsheet account.',
    body: html`<p>Hello,</p>
      <p>Someone tried to create an Unsheet account with your e-mail address. You already have an account, so nothing was created.</p>
      <p>If it was you, sign in instead. Forgot your password? Choose "Forgot password?" on the sign-in page.</p>
      ${button(p.signInUrl, 'Sign in')}
      <p style="font-size:13px;color:#64748b">${fine}</p>`,
    text: `Hello,\n\nSomeone tried to create an Unsheet account with your e-mail address. You already have an account, so nothing was created.\n\nIf it was you, sign in instead. Forgot your password? Choose "Forgot password?" on the sign-in page:\n${p.signInUrl}\n\n${fine}`,
  });
}

/** How long a reset link lasts, in the words the e-mail uses ('1 hour'). */
const RESET_LINK_LASTS = inWords(PASSWORD_RESET_TOKEN_TTL_SECONDS);

/** The reset link, to the account's own address. No greeting by name: the request came from a public form. */
export function passwordReset(p: { resetUrl: string }): EmailContent {
  const fine = `If you did not ask for it, ignore this e-mail: your password stays as it is. The link works once and expires in ${RESET_LINK_LASTS}.`;
  return layout({
    subject: 'Reset your Unsheet password',
    preheader: 'Choose a new password for your account.',
    body: html`<p>Hello,</p>
      <p>We received a request to reset the password of your Unsheet account. Choosing a new one signs you out everywhere else.</p>
      ${button(p.resetUrl, 'Choose a new password')}
      <p style="font-size:13px;color:#64748b">${fine}</p>`,
    text: `Hello,\n\nWe received a request to reset the password of your Unsheet account. Choosing a new one signs you out everywhere else:\n${p.resetUrl}\n\n${fine}`,
  });
}

function inWords(seconds: number): string {
  const hours = Math.round(seconds / 3600);
  if (hours % 24 === 0) return hours === 24 ? '24 hours' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export function suggestionNotice(p: { email: string; text: string; category: string | null; sourcePage: string | null }): EmailContent {
  const summary = p.text.length > 60 ? `${p.text.slice(0, 57)}...` : p.text;
  return layout({
    subject: `New tool suggestion: ${summary.replace(/\s+/g, ' ')}`,
    preheader: `From ${p.email}`,
    body: html`<p><strong>New tool suggestion</strong> from ${p.email}</p>
      <p>Category: ${p.category ?? 'none'}<br />Sent from: ${p.sourcePage ?? 'unknown page'}</p>
      <blockquote style="margin:0;padding:12px 16px;background:#f1f5f9;border-radius:8px">${paragraphs(p.text)}</blockquote>
      <p style="font-size:13px;color:#64748b">Reply to this e-mail to answer the visitor.</p>`,
    text: `New tool suggestion from ${p.email}\nCategory: ${p.category ?? 'none'}\nSent from: ${p.sourcePage ?? 'unknown page'}\n\n${p.text}`,
  });
}

export function questionToTeam(p: { name: string; email: string; message: string }): EmailContent {
  return layout({
    subject: `Quick question from ${p.name}`,
    preheader: p.message.slice(0, 90),
    body: html`<p><strong>${p.name}</strong> (${p.email}) asked:</p>
      <blockquote style="margin:0;padding:12px 16px;background:#f1f5f9;border-radius:8px">${paragraphs(p.message)}</blockquote>
      <p style="font-size:13px;color:#64748b">Reply to this e-mail to answer ${p.name}; we promised an answer within 24 hours.</p>`,
    text: `${p.name} (${p.email}) asked:\n\n${p.message}\n\nReply to this e-mail to answer; we promised an answer within 24 hours.`,
  });
}

/**
 * Sent to whatever address the form was given: nothing the sender wrote (no name, no message), so the form
 * cannot carry someone's text to a stranger's inbox from our address.
 */
export function questionAcknowledgement(_p: Record<string, never>): EmailContent {
  const ignore = 'If you did not ask us anything, ignore this e-mail: someone may have typed your address by mistake.';
  return layout({
    subject: 'We got your question',
    preheader: "We'll get back to you within 24 hours.",
    body: html`<p>Hello,</p>
      <p>Thanks for your question. We'll get back to you within 24 hours.</p>
      <p style="font-size:13px;color:#64748b">${ignore}</p>`,
    text: `Hello,\n\nThanks for your question. We'll get back to you within 24 hours.\n\n${ignore}`,
  });
}

export function developerInquiryToTeam(p: {
  name: string;
  email: string;
  message: string;
  portfolioUrl: string | null;
  linkedinUrl: string | null;
}): EmailContent {
  const candidates: [string, string | null][] = [
    ['Portfolio', p.portfolioUrl],
    ['LinkedIn', p.linkedinUrl],
  ];
  const links = candidates.filter((pair): pair is [string, string] => isWebLink(pair[1]));
  return layout({
    subject: `Developer inquiry from ${p.name}`,
    preheader: p.message.slice(0, 90),
    body: html`<p><strong>${p.name}</strong> (${p.email}) would like to build with us:</p>
      <blockquote style="margin:0;padding:12px 16px;background:#f1f5f9;border-radius:8px">${paragraphs(p.message)}</blockquote>
      ${links.length > 0 ? html`<p>${links.map(([label, url]) => html`${label}: <a href="${url}">${url}</a><br />`)}</p>` : ''}`,
    text: `${p.name} (${p.email}) would like to build with us:\n\n${p.message}\n${links.map(([label, url]) => `\n${label}: ${url}`).join('')}`,
  });
}

/** A lead's confirmation link (LEAD_CONFIRMATION_PATH, signed), and the days an unconfirmed spot is held. */
interface LeadConfirmation {
  confirmUrl: string;
  confirmationDays: number;
}

/** Why and how to confirm: the same words and button in every e-mail to a lead. */
function confirmLead(p: LeadConfirmation): { html: Markup; text: string } {
  const words = `Confirm your address to keep your spot and so that your invites count. Spots not confirmed within ${p.confirmationDays} ${p.confirmationDays === 1 ? 'day' : 'days'} are given back.`;
  return {
    html: html`<p>${words}</p>
      ${button(p.confirmUrl, 'Confirm my address')}`,
    text: `${words}\n${p.confirmUrl}`,
  };
}

/** The share link as a button and as text, to copy. */
function shareButton(shareUrl: string): Markup {
  return html`${button(shareUrl, 'Copy my share link')}
    <p style="word-break:break-all;font-size:13px"><a href="${shareUrl}">${shareUrl}</a></p>`;
}

/**
 * To a new lead. Rows written before the confirmation link existed have none (`Partial`): they are sent
 * without it.
 */
export function welcome(
  p: { position: number; earlyExplorer: boolean; shareUrl: string; unsubscribeUrl: string } & Partial<LeadConfirmation>,
): EmailContent {
  const headline = p.earlyExplorer ? `Welcome, Early Explorer #${p.position}!` : `You're #${p.position} on the Unsheet wait-list`;
  const intro = p.earlyExplorer
    ? 'You are one of the first 100: you get lifetime access to one Unsheet app, free.'
    : 'The 100 Early Explorer spots are taken, and you are on the wait-list. Invite friends to move up.';
  const confirm =
    p.confirmUrl && p.confirmationDays ? confirmLead({ confirmUrl: p.confirmUrl, confirmationDays: p.confirmationDays }) : null;
  return layout({
    subject: headline,
    preheader: intro,
    body: html`<p style="font-size:18px;font-weight:600">${headline}</p>
      <p>${intro}</p>
      ${confirm?.html}
      <p>
        Share your link: every friend who joins through it counts for you once they confirm their address, and you earn 50% of the lifetime
        revenue they bring.
      </p>
      ${shareButton(p.shareUrl)}
      <p><strong>Rewards</strong></p>
      <ul>
        ${REWARD_TIERS.map((tier) => html`<li>${tier.invites} ${tier.invites === 1 ? 'invite' : 'invites'}: ${tier.reward}</li>`)}
      </ul>`,
    text: `${headline}\n\n${intro}\n\n${confirm ? `${confirm.text}\n\n` : ''}Share your link: every friend who joins through it counts for you once they confirm their address, and you earn 50% of the lifetime revenue they bring.\n${p.shareUrl}\n\nRewards\n${REWARD_TIERS.map((tier) => `- ${tier.invites} ${tier.invites === 1 ? 'invite' : 'invites'}: ${tier.reward}`).join('\n')}`,
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

/**
 * To an address on the list that someone joined with again, from another browser: its real standing, link and
 * confirmation. Nothing whoever joined typed, and no greeting by name.
 */
export function alreadyOnList(p: { position: number; earlyExplorer: boolean; shareUrl: string } & LeadConfirmation): EmailContent {
  const standing = p.earlyExplorer ? `Early Explorer #${p.position}` : `#${p.position} on the wait-list`;
  const fine = 'If it was not you, ignore this e-mail: someone may have typed your address by mistake. Nothing has changed.';
  const share = 'Your share link: every friend who joins through it counts for you once they confirm their address.';
  const confirm = confirmLead(p);
  return layout({
    subject: "You're already on the Unsheet list",
    preheader: `You're ${standing}.`,
    body: html`<p>Hello,</p>
      <p>Someone just joined the Unsheet list with this address, which is on it already. You're ${standing}.</p>
      ${confirm.html}
      <p>${share}</p>
      ${shareButton(p.shareUrl)}
      <p style="font-size:13px;color:#64748b">${fine}</p>`,
    text: `Hello,\n\nSomeone just joined the Unsheet list with this address, which is on it already. You're ${standing}.\n\n${confirm.text}\n\n${share}\n${p.shareUrl}\n\n${fine}`,
  });
}

/** The share link of a lead, asked for through the share-link generator: to the lead's address only. */
export function shareLink(p: { shareUrl: string }): EmailContent {
  const fine = 'If you did not ask for it, ignore this e-mail: someone may have typed your address by mistake.';
  const share =
    'Here is your Unsheet share link, as asked. Every friend who joins through it counts for you once they confirm their address.';
  return layout({
    subject: 'Your Unsheet share link',
    preheader: 'The link that counts your invites.',
    body: html`<p>Hello,</p>
      <p>${share}</p>
      ${shareButton(p.shareUrl)}
      <p style="font-size:13px;color:#64748b">${fine}</p>`,
    text: `Hello,\n\n${share}\n${p.shareUrl}\n\n${fine}`,
  });
}

type DigestParams = WeeklyDigestPrepared['data'];

const changeOf = (change: number | null) => (change === null ? 'new' : `${change > 0 ? '+' : ''}${change}%`);

/** The admin's weekly digest (notifications/digest): new leads, top unmet needs and their change, most viewed apps. */
export function weeklyDigest(p: DigestParams): EmailContent {
  const leads = `${p.newLeads} new ${p.newLeads === 1 ? 'lead' : 'leads'} (the week before: ${p.previousLeads})`;
  const needs = p.needs.map((need) => `${need.label}: ${need.signals} (${changeOf(need.change)})`);
  const apps = p.apps.map((app) => `${app.name}: ${app.views} views`);
  return layout({
    subject: `Unsheet weekly digest, ${p.from} to ${p.to}`,
    preheader: leads,
    body: html`<p><strong>Week of ${p.from} to ${p.to}</strong></p>
      <p>${leads}</p>
      <p><strong>Top unmet needs</strong> (searches and suggestions, change against the week before)</p>
      ${
        needs.length > 0
          ? html`<ul>
              ${needs.map((line) => html`<li>${line}</li>`)}
            </ul>`
          : html`<p>None this week.</p>`
      }
      <p><strong>Most viewed apps</strong></p>
      ${
        apps.length > 0
          ? html`<ul>
              ${apps.map((line) => html`<li>${line}</li>`)}
            </ul>`
          : html`<p>No apps yet.</p>`
      }`,
    text: `Week of ${p.from} to ${p.to}\n\n${leads}\n\nTop unmet needs (searches and suggestions, change against the week before)\n${
      needs.length > 0 ? needs.map((line) => `- ${line}`).join('\n') : 'None this week.'
    }\n\nMost viewed apps\n${apps.length > 0 ? apps.map((line) => `- ${line}`).join('\n') : 'No apps yet.'}`,
  });
}

/** The templates by the name the outbox keeps. */
const TEMPLATES = {
  'confirm-account': confirmAccount,
  'sign-up-attempted': signUpAttempted,
  'password-reset': passwordReset,
  'suggestion-admin': suggestionNotice,
  'question-team': questionToTeam,
  'question-ack': questionAcknowledgement,
  'developer-inquiry-team': developerInquiryToTeam,
  welcome,
  'already-on-list': alreadyOnList,
  'share-link': shareLink,
  'weekly-digest': weeklyDigest,
};

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateParams<T extends TemplateName> = Parameters<(typeof TEMPLATES)[T]>[0];

/** Renders an outbox e-mail; an unknown name throws, so the send fails and is retried, then marked failed. */
export function renderEmail(template: string, params: unknown): EmailContent {
  if (!Object.hasOwn(TEMPLATES, template)) throw new Error(`Unknown e-mail template "${template}"`);
  return (TEMPLATES[template as TemplateName] as (p: unknown) => EmailContent)(params);
}

function isWebLink(url: string | null): url is string {
  return url !== null && /^https?:\/\//i.test(url);
}
