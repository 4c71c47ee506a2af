/**
 * Every e-mail the product sends: subject, HTML and plain text, from the data of the event behind it. The
 * outbox keeps a template's name and inputs, and the sender renders them (renderEmail).
 */
import { REWARD_TIERS } from '../../../../contracts/early-access/rewards.js';
import { html } from './html.js';
import { button, layout, paragraphs, type EmailContent } from './layout.js';

export function confirmAccount(p: { displayName: string; confirmUrl: string }): EmailContent {
  return layout({
    subject: 'Confirm your Unsheet account',
    preheader: 'One click to confirm your e-mail address.',
    body: html`<p>Hi ${p.displayName},</p>
      <p>Please confirm your e-mail address to finish creating your Unsheet account.</p>
      ${button(p.confirmUrl, 'Confirm my account')}
      <p style="font-size:13px;color:#64748b">If you did not sign up, ignore this e-mail. The link works once and expires in 7 days.</p>`,
    text: `Hi ${p.displayName},\n\nPlease confirm your e-mail address to finish creating your Unsheet account:\n${p.confirmUrl}\n\nIf you did not sign up, ignore this e-mail. The link works once and expires in 7 days.`,
  });
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

export function questionAcknowledgement(p: { name: string; message: string }): EmailContent {
  return layout({
    subject: 'We got your question',
    preheader: "We'll get back to you within 24 hours.",
    body: html`<p>Hi ${p.name},</p>
      <p>Thanks for your question. We'll get back to you within 24 hours.</p>
      <p style="color:#64748b">Your message:</p>
      <blockquote style="margin:0;padding:12px 16px;background:#f1f5f9;border-radius:8px">${paragraphs(p.message)}</blockquote>`,
    text: `Hi ${p.name},\n\nThanks for your question. We'll get back to you within 24 hours.\n\nYour message:\n${p.message}`,
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

export function welcome(p: { position: number; earlyExplorer: boolean; shareUrl: string; unsubscribeUrl: string }): EmailContent {
  const headline = p.earlyExplorer ? `Welcome, Early Explorer #${p.position}!` : `You're #${p.position} on the Unsheet wait-list`;
  const intro = p.earlyExplorer
    ? 'You are one of the first 100: you get lifetime access to one Unsheet app, free.'
    : 'The 100 Early Explorer spots are taken, and you are on the wait-list. Invite friends to move up.';
  return layout({
    subject: headline,
    preheader: intro,
    body: html`<p style="font-size:18px;font-weight:600">${headline}</p>
      <p>${intro}</p>
      <p>Share your link: every friend who joins through it counts for you, and you earn 50% of the lifetime revenue they bring.</p>
      ${button(p.shareUrl, 'Copy my share link')}
      <p style="word-break:break-all;font-size:13px"><a href="${p.shareUrl}">${p.shareUrl}</a></p>
      <p><strong>Rewards</strong></p>
      <ul>
        ${REWARD_TIERS.map((tier) => html`<li>${tier.invites} ${tier.invites === 1 ? 'invite' : 'invites'}: ${tier.reward}</li>`)}
      </ul>`,
    text: `${headline}\n\n${intro}\n\nShare your link: every friend who joins through it counts for you, and you earn 50% of the lifetime revenue they bring.\n${p.shareUrl}\n\nRewards\n${REWARD_TIERS.map((tier) => `- ${tier.invites} ${tier.invites === 1 ? 'invite' : 'invites'}: ${tier.reward}`).join('\n')}`,
    unsubscribeUrl: p.unsubscribeUrl,
  });
}

/** The templates by the name the outbox keeps. */
const TEMPLATES = {
  'confirm-account': confirmAccount,
  'suggestion-admin': suggestionNotice,
  'question-team': questionToTeam,
  'question-ack': questionAcknowledgement,
  'developer-inquiry-team': developerInquiryToTeam,
  welcome,
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
