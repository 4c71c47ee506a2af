import { describe, expect, it } from 'vitest';
import { attribute } from './attribution.js';
import { CHANNEL_RULES, CHANNELS, channelOf, type Channel } from './channels.js';

const SITE = 'https://unsheet.app';

/** The channel of a visit landing on `query` from `referrer`, attributed as the tracker does it. */
const channel = (query: string, referrer: string | null = null) => channelOf(attribute(`${SITE}/${query}`, referrer));

describe('channels', () => {
  // Each rule of the published table, in its order, with the visits it decides and those it leaves to a later rule.
  it.each<[string, string, string | null, Channel]>([
    // Paid search
    ['a Google Ads click id', '?gclid=abc', null, 'paid_search'],
    ['a Microsoft Ads click id', '?msclkid=abc', 'https://www.bing.com/', 'paid_search'],
    ['cpc with a search engine as source', '?utm_source=google&utm_medium=cpc', null, 'paid_search'],
    ['ppc with a search referrer', '?utm_medium=ppc', 'https://duckduckgo.com/', 'paid_search'],
    ['utm_medium paid_search', '?utm_source=spring&utm_medium=paid_search', null, 'paid_search'],
    // Paid social
    ['a Meta click id', '?fbclid=abc', null, 'paid_social'],
    ['paid with a social source', '?utm_source=linkedin&utm_medium=paid', null, 'paid_social'],
    ['cpc from a social referrer', '?utm_medium=cpc', 'https://www.reddit.com/', 'paid_social'],
    ['utm_medium paidsocial', '?utm_source=spring&utm_medium=paidsocial', null, 'paid_social'],
    // Other campaign: paid, neither search nor social
    ['cpm with another source', '?utm_source=adnetwork&utm_medium=cpm', null, 'other_campaign'],
    ['cpc naming a newsletter: paid, not e-mail', '?utm_source=newsletter&utm_medium=cpc', null, 'other_campaign'],
    // E-mail
    ['utm_source newsletter (no medium)', '?utm_source=newsletter&utm_campaign=launch', null, 'email'],
    ['utm_medium email', '?utm_source=acme&utm_medium=email', null, 'email'],
    ['utm_medium E-Mail', '?utm_medium=E-Mail', null, 'email'],
    ['utm_medium newsletter', '?utm_source=weekly&utm_medium=newsletter', null, 'email'],
    ['utm_source e_mail', '?utm_source=e_mail', null, 'email'],
    ['an e-mail service as source', '?utm_source=mailchimp&utm_campaign=march', null, 'email'],
    ['a webmail referrer', '', 'https://mail.google.com/', 'email'],
    ['e-mail medium from a social referrer', '?utm_medium=email', 'https://t.co/x', 'email'],
    // Organic social by medium
    ['utm_medium social', '?utm_source=acme&utm_medium=social', null, 'organic_social'],
    ['utm_medium social-network', '?utm_medium=social-network', null, 'organic_social'],
    ['utm_medium sm', '?utm_source=forum&utm_medium=sm', null, 'organic_social'],
    // Organic search by medium
    ['utm_medium organic', '?utm_source=acme&utm_medium=organic', null, 'organic_search'],
    // AI assistants
    ['a ChatGPT referrer', '', 'https://chatgpt.com/', 'ai_assistants'],
    ['utm_source chatgpt.com without a referrer', '?utm_source=chatgpt.com', null, 'ai_assistants'],
    ['a Perplexity referrer', '', 'https://www.perplexity.ai/search', 'ai_assistants'],
    ['a Claude referrer', '', 'https://claude.ai/chat/1', 'ai_assistants'],
    ['Gemini, on Google’s domain', '', 'https://gemini.google.com/app', 'ai_assistants'],
    ['Copilot, on Microsoft’s domain', '', 'https://copilot.microsoft.com/', 'ai_assistants'],
    ['an AI assistant tagging its links utm_medium=referral', '?utm_source=perplexity&utm_medium=referral', null, 'ai_assistants'],
    // Organic search by source
    ['a Google referrer', '', 'https://www.google.co.uk/', 'organic_search'],
    ['a Bing referrer', '', 'https://www.bing.com/search?q=x', 'organic_search'],
    ['utm_source google, no medium', '?utm_source=google', null, 'organic_search'],
    // Organic social by source
    ['a Reddit referrer', '', 'https://old.reddit.com/', 'organic_social'],
    ['utm_source facebook, no medium', '?utm_source=Facebook', null, 'organic_social'],
    ['an unknown utm_source with a social referrer', '?utm_source=spring', 'https://www.linkedin.com/', 'organic_social'],
    // Referral by medium
    ['utm_medium referral', '?utm_source=partner&utm_medium=referral', null, 'referral'],
    ['utm_medium link', '?utm_source=blog&utm_medium=link', null, 'referral'],
    // Other campaign: tagged, matching no rule
    ['utm_campaign alone', '?utm_campaign=launch', null, 'other_campaign'],
    ['an unknown source and medium', '?utm_source=flyer&utm_medium=print', null, 'other_campaign'],
    ['a tagged visit from another site', '?utm_campaign=launch', 'https://example.com/post', 'other_campaign'],
    // Referral by referrer
    ['another site', '', 'https://example.com/blog', 'referral'],
    ['Google’s other products', '', 'https://docs.google.com/document', 'referral'],
    // Direct
    ['no referrer, no campaign', '', null, 'direct'],
    ['the site itself', '', `${SITE}/c/finance`, 'direct'],
  ])('%s → %s', (_, query, referrer, expected) => {
    expect(channel(query, referrer)).toBe(expected);
  });

  it('has a rule for every channel, and the last rule matches anything', () => {
    expect(new Set(CHANNEL_RULES.map((rule) => rule.channel))).toEqual(new Set(CHANNELS));
    expect(CHANNEL_RULES.at(-1)!.channel).toBe('direct');
  });

  it('reads the stored session: click ids as stored values, utm as stored', () => {
    expect(
      channelOf({
        utm: { source: 'newsletter', medium: null, campaign: 'launch' },
        clickIds: { gclid: null, msclkid: null, fbclid: null },
        parsedReferrer: 'newsletter',
      }),
    ).toBe('email');
    expect(
      channelOf({
        utm: { source: null, medium: null, campaign: null },
        clickIds: { gclid: true, msclkid: false, fbclid: false },
        parsedReferrer: 'google',
      }),
    ).toBe('paid_search');
  });
});
