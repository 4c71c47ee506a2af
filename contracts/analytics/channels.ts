/**
 * The channel of a visit: its attribution (utm_source, utm_medium and utm_campaign, click ids, the parsed
 * referrer) sorted into the few groups the console counts, by the rules of the common default channel
 * groupings (GA4's, Plausible's) with AI assistants as a channel of their own. The rules are tried in order
 * and the first that matches decides; docs/analytics.md ("Channels") publishes the same table.
 */
import { knownSourceNamed, PAID_MEDIUM, type Attribution } from './attribution.js';

export const CHANNELS = [
  'direct',
  'organic_search',
  'paid_search',
  'email',
  'organic_social',
  'paid_social',
  'ai_assistants',
  'referral',
  'other_campaign',
] as const;
export type Channel = (typeof CHANNELS)[number];

/** How the console names each channel; 'unknown' is a visit whose session start never arrived. */
export const CHANNEL_LABELS: Record<Channel | 'unknown', string> = {
  direct: 'Direct',
  organic_search: 'Organic search',
  paid_search: 'Paid search',
  email: 'E-mail',
  organic_social: 'Organic social',
  paid_social: 'Paid social',
  ai_assistants: 'AI assistants',
  referral: 'Referral',
  other_campaign: 'Other campaign',
  unknown: 'Unknown',
};

/** What the rules read: the session's stored attribution. */
export type ChannelInput = Pick<Attribution, 'parsedReferrer'> & {
  utm: Pick<Attribution['utm'], 'source' | 'medium' | 'campaign'>;
  clickIds: Record<keyof Attribution['clickIds'], string | boolean | null | undefined>;
};

const EMAIL = /e[-_ ]?mail|newsletter/i;
/** E-mail services whose name marketers put in utm_source. */
const EMAIL_SERVICES =
  /^(?:mailchimp|mailerlite|sendgrid|sendinblue|brevo|klaviyo|convertkit|kit|substack|beehiiv|buttondown|campaignmonitor)$/i;
/** Webmail sites a link in an e-mail is followed from (the referrer's host). */
const WEBMAIL = ['mail.google.com', 'outlook.live.com', 'outlook.office.com', 'outlook.office365.com', 'mail.yahoo.com', 'mail.proton.me'];
const SOCIAL_MEDIUM = /^(?:social|social[-_ ]network|social[-_ ]media|sm)$/i;
const SEARCH_MEDIUM = /^organic$/i;
const REFERRAL_MEDIUM = /^(?:referral|link|app)$/i;
const PAID_SEARCH_MEDIUM = /^paid[-_]?search$/i;
const PAID_SOCIAL_MEDIUM = /^paid[-_]?social$/i;

interface Facts {
  source: string | null;
  medium: string | null;
  /** The kind of known source utm_source names, else the referrer's: search, social, ai, or null. */
  kind: 'search' | 'social' | 'ai' | null;
  paid: boolean;
  tagged: boolean;
  referrer: string | null;
  click: { gclid: boolean; msclkid: boolean; fbclid: boolean };
}

/** The rules in order: the first that matches gives the channel. */
export const CHANNEL_RULES: readonly { channel: Channel; rule: string; matches: (f: Facts) => boolean }[] = [
  {
    channel: 'paid_search',
    rule: 'gclid or msclkid in the landing URL; or a paid utm_medium (cpc, ppc, paid…) with a search engine as source, or utm_medium paid_search',
    matches: (f) => f.click.gclid || f.click.msclkid || (f.paid && (f.kind === 'search' || PAID_SEARCH_MEDIUM.test(f.medium ?? ''))),
  },
  {
    channel: 'paid_social',
    rule: 'fbclid in the landing URL; or a paid utm_medium with a social site as source, or utm_medium paid_social',
    matches: (f) => f.click.fbclid || (f.paid && (f.kind === 'social' || PAID_SOCIAL_MEDIUM.test(f.medium ?? ''))),
  },
  { channel: 'other_campaign', rule: 'any other paid utm_medium (cpc, cpm, paid… with another source)', matches: (f) => f.paid },
  {
    channel: 'email',
    rule: 'utm_medium or utm_source containing email, e-mail, e_mail or newsletter; utm_source an e-mail service (mailchimp, substack…); or a webmail referrer (mail.google.com, outlook.live.com…)',
    matches: (f) =>
      EMAIL.test(f.medium ?? '') ||
      EMAIL.test(f.source ?? '') ||
      EMAIL_SERVICES.test(f.source ?? '') ||
      (f.referrer !== null && WEBMAIL.includes(f.referrer)),
  },
  {
    channel: 'organic_social',
    rule: 'utm_medium social, social-network, social-media or sm',
    matches: (f) => SOCIAL_MEDIUM.test(f.medium ?? ''),
  },
  { channel: 'organic_search', rule: 'utm_medium organic', matches: (f) => SEARCH_MEDIUM.test(f.medium ?? '') },
  {
    channel: 'ai_assistants',
    rule: 'source an AI assistant (chatgpt.com, perplexity.ai, claude.ai, gemini.google.com, copilot.microsoft.com…), by utm_source or referrer',
    matches: (f) => f.kind === 'ai',
  },
  {
    channel: 'organic_search',
    rule: 'source a search engine (Google, Bing, DuckDuckGo…), by utm_source or referrer',
    matches: (f) => f.kind === 'search',
  },
  {
    channel: 'organic_social',
    rule: 'source a social site (Facebook, Reddit, LinkedIn…), by utm_source or referrer',
    matches: (f) => f.kind === 'social',
  },
  { channel: 'referral', rule: 'utm_medium referral, link or app', matches: (f) => REFERRAL_MEDIUM.test(f.medium ?? '') },
  { channel: 'other_campaign', rule: 'any other UTM-tagged visit (utm_source, utm_medium or utm_campaign set)', matches: (f) => f.tagged },
  { channel: 'referral', rule: 'a referrer from another site', matches: (f) => f.referrer !== null },
  { channel: 'direct', rule: 'none of the above: no referrer, no campaign', matches: () => true },
];

/** The channel of a visit from its attribution (`attribute`'s answer, or the stored session's). */
export function channelOf({ utm, clickIds, parsedReferrer }: ChannelInput): Channel {
  const kindOf = (name: string | null) => (name ? (knownSourceNamed(name)?.type ?? null) : null);
  const facts: Facts = {
    source: utm.source,
    medium: utm.medium,
    kind: kindOf(utm.source) ?? kindOf(parsedReferrer),
    paid: utm.medium !== null && PAID_MEDIUM.test(utm.medium),
    tagged: utm.source !== null || utm.medium !== null || utm.campaign !== null,
    referrer: parsedReferrer?.toLowerCase() ?? null,
    click: { gclid: !!clickIds.gclid, msclkid: !!clickIds.msclkid, fbclid: !!clickIds.fbclid },
  };
  return CHANNEL_RULES.find((rule) => rule.matches(facts))!.channel;
}
