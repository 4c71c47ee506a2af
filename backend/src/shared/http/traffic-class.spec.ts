import { describe, expect, it } from 'vitest';
import { classifyTraffic, trafficRules, type TrafficInputs } from './traffic-class.js';
import { isBotTraffic } from './bot-traffic.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const none: TrafficInputs = { userAgent: null, automation: null, referrer: null, network: null };
const with_ = (inputs: Partial<TrafficInputs>): TrafficInputs => ({ ...none, ...inputs });

describe('classifyTraffic', () => {
  it.each([
    ['a normal Chrome', with_({ userAgent: CHROME }), 'person', 'default'],
    ['Safari on an iPhone, from a search', with_({ userAgent: SAFARI_IPHONE, referrer: 'https://www.google.com/' }), 'person', 'default'],
    ['no user agent at all', none, 'person', 'default'],
    ['automation: false', with_({ userAgent: CHROME, automation: false }), 'person', 'default'],
    [
      'Googlebot',
      with_({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      'search-crawler',
      'user-agent:Googlebot',
    ],
    [
      'bingbot',
      with_({ userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' }),
      'search-crawler',
      'user-agent:bingbot',
    ],
    [
      'Applebot',
      with_({ userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)' }),
      'search-crawler',
      'user-agent:Applebot',
    ],
    [
      'GPTBot',
      with_({ userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)' }),
      'ai-crawler',
      'user-agent:GPTBot',
    ],
    [
      'ChatGPT-User',
      with_({ userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ChatGPT-User/1.0; +https://openai.com/bot' }),
      'ai-crawler',
      'user-agent:ChatGPT-User',
    ],
    [
      'ClaudeBot',
      with_({ userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)' }),
      'ai-crawler',
      'user-agent:ClaudeBot',
    ],
    [
      'PerplexityBot',
      with_({ userAgent: 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)' }),
      'ai-crawler',
      'user-agent:PerplexityBot',
    ],
    ['Google-Extended', with_({ userAgent: 'Mozilla/5.0 (compatible; Google-Extended)' }), 'ai-crawler', 'user-agent:Google-Extended'],
    ['CCBot', with_({ userAgent: 'CCBot/2.0 (https://commoncrawl.org/faq/)' }), 'ai-crawler', 'user-agent:CCBot'],
    [
      'Applebot-Extended before Applebot',
      with_({ userAgent: 'Mozilla/5.0 (Applebot-Extended/0.1)' }),
      'ai-crawler',
      'user-agent:Applebot-Extended',
    ],
    [
      'HeadlessChrome',
      with_({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36' }),
      'automation',
      'user-agent:HeadlessChrome',
    ],
    ['curl', with_({ userAgent: 'curl/8.4.0' }), 'automation', 'user-agent:curl'],
    ['python-requests', with_({ userAgent: 'python-requests/2.31.0' }), 'automation', 'user-agent:python-requests'],
    ['k6', with_({ userAgent: 'k6/0.49.0 (https://k6.io/)' }), 'automation', 'user-agent:k6'],
    ['Go-http-client', with_({ userAgent: 'Go-http-client/1.1' }), 'automation', 'user-agent:Go-http-client'],
    [
      'a bot only isbot knows',
      with_({ userAgent: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)' }),
      'automation',
      'user-agent:isbot',
    ],
    ["Node's fetch", with_({ userAgent: 'node' }), 'automation', 'user-agent:isbot'],
    ['a normal browser driven by WebDriver', with_({ userAgent: CHROME, automation: true }), 'automation', 'session:automation'],
    ['a spam referrer', with_({ userAgent: CHROME, referrer: 'https://semalt.com/promo' }), 'referrer-spam', 'referrer:semalt.com'],
    [
      'a spam referrer’s subdomain, in capitals',
      with_({ userAgent: CHROME, referrer: 'http://WWW.Darodar.com/' }),
      'referrer-spam',
      'referrer:darodar.com',
    ],
    ['a data-centre network', with_({ userAgent: CHROME, network: 'aws' }), 'data-centre', 'network:aws'],
    // The most specific says: a crawler's user agent before the flag, the referrer and the network.
    [
      'a crawler from a data centre',
      with_({ userAgent: 'GPTBot/1.1', network: 'aws', automation: true }),
      'ai-crawler',
      'user-agent:GPTBot',
    ],
    [
      'automation with a spam referrer',
      with_({ userAgent: CHROME, automation: true, referrer: 'https://semalt.com/' }),
      'automation',
      'session:automation',
    ],
    [
      'a spam referrer from a data centre',
      with_({ userAgent: CHROME, referrer: 'https://semalt.com/', network: 'hetzner' }),
      'referrer-spam',
      'referrer:semalt.com',
    ],
  ])('%s', (_, inputs, cls, rule) => {
    expect(classifyTraffic(inputs)).toEqual({ class: cls, rule });
  });

  it('matches a token as a whole word only', () => {
    // "k6" inside another word: a person.
    expect(classifyTraffic(with_({ userAgent: `${CHROME} Xk6a/2` }))).toEqual({ class: 'person', rule: 'default' });
    expect(classifyTraffic(with_({ userAgent: 'Mozilla/5.0 (X11) GPTBotty/1.0' })).rule).not.toBe('user-agent:GPTBot');
  });

  it('leaves a referrer that is not a URL, or a host that only ends like a listed one, alone', () => {
    expect(classifyTraffic(with_({ userAgent: CHROME, referrer: 'semalt.com' }))).toEqual({ class: 'person', rule: 'default' });
    expect(classifyTraffic(with_({ userAgent: CHROME, referrer: 'https://notsemalt.com/' }))).toEqual({ class: 'person', rule: 'default' });
  });

  it('adds the configured tokens and hosts to their classes', () => {
    const rules = trafficRules({
      aiCrawlers: ['Moonwalker'],
      searchCrawlers: ['Finder'],
      automationAgents: ['Rover'],
      referrerSpamHosts: ['Spam.Example'],
    });
    expect(classifyTraffic(with_({ userAgent: `${CHROME} Moonwalker/1.0` }), rules)).toEqual({
      class: 'ai-crawler',
      rule: 'user-agent:Moonwalker',
    });
    expect(classifyTraffic(with_({ userAgent: `${CHROME} finder/3` }), rules)).toEqual({
      class: 'search-crawler',
      rule: 'user-agent:Finder',
    });
    expect(classifyTraffic(with_({ userAgent: `${CHROME} Rover/2.0` }), rules)).toEqual({ class: 'automation', rule: 'user-agent:Rover' });
    expect(classifyTraffic(with_({ userAgent: CHROME, referrer: 'https://a.spam.example/x' }), rules)).toEqual({
      class: 'referrer-spam',
      rule: 'referrer:spam.example',
    });
    // Without them, the same inputs are people's.
    for (const agent of ['Moonwalker/1.0', 'finder/3', 'Rover/2.0'])
      expect(classifyTraffic(with_({ userAgent: `${CHROME} ${agent}` })).class).toBe('person');
    expect(classifyTraffic(with_({ userAgent: CHROME, referrer: 'https://a.spam.example/x' })).class).toBe('person');
  });
});

describe('isBotTraffic (app views, not-found reports)', () => {
  it('is the classifier’s user-agent rules', () => {
    expect(isBotTraffic(CHROME)).toBe(false);
    expect(isBotTraffic(undefined)).toBe(false);
    for (const bot of ['GPTBot/1.1', 'curl/8.4.0', 'Mozilla/5.0 (compatible; Googlebot/2.1)', 'HeadlessChrome/120', 'node']) {
      expect(isBotTraffic(bot), bot).toBe(true);
    }
  });
});
