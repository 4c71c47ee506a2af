import { describe, expect, it } from 'vitest';
import { attribute, knownSource, parseClickIds, parseUtm, referringHost } from './attribution.js';

const SITE = 'https://unsheet.app';

describe('referrer classification', () => {
  it.each([
    ['https://www.google.com/', 'google', 'search'],
    ['https://www.google.co.uk/search?q=invoice', 'google', 'search'],
    ['https://google.com.br/', 'google', 'search'],
    ['https://www.bing.com/search?q=ai+tools', 'bing', 'search'],
    ['https://cn.bing.com/', 'bing', 'search'],
    ['https://search.yahoo.com/search?p=crm', 'yahoo', 'search'],
    ['https://uk.search.yahoo.com/', 'yahoo', 'search'],
    ['https://duckduckgo.com/', 'duckduckgo', 'search'],
    ['https://www.baidu.com/s?wd=ai', 'baidu', 'search'],
    ['https://yandex.ru/search/?text=crm', 'yandex', 'search'],
    ['https://yandex.com.tr/', 'yandex', 'search'],
    ['https://www.facebook.com/', 'facebook', 'social'],
    ['https://m.facebook.com/', 'facebook', 'social'],
    ['https://l.facebook.com/l.php?u=x', 'facebook', 'social'],
    ['https://www.instagram.com/', 'instagram', 'social'],
    ['https://twitter.com/someone', 'twitter', 'social'],
    ['https://x.com/someone', 'twitter', 'social'],
    ['https://t.co/abc', 'twitter', 'social'],
    ['https://www.linkedin.com/feed/', 'linkedin', 'social'],
    ['https://lnkd.in/abc', 'linkedin', 'social'],
    ['https://www.reddit.com/r/smallbusiness', 'reddit', 'social'],
    ['https://old.reddit.com/', 'reddit', 'social'],
    ['https://www.youtube.com/', 'youtube', 'social'],
    ['https://youtu.be/abc', 'youtube', 'social'],
    ['https://www.pinterest.co.uk/', 'pinterest', 'social'],
    ['https://www.tiktok.com/', 'tiktok', 'social'],
    ['https://web.whatsapp.com/', 'whatsapp', 'social'],
    ['https://wa.me/123', 'whatsapp', 'social'],
    ['https://news.ycombinator.com/item?id=1', 'hacker_news', 'social'],
    ['https://chatgpt.com/', 'chatgpt', 'ai'],
    ['https://chat.openai.com/', 'chatgpt', 'ai'],
    ['https://www.perplexity.ai/search', 'perplexity', 'ai'],
    ['https://claude.ai/chat/1', 'claude', 'ai'],
    ['https://gemini.google.com/app', 'gemini', 'ai'],
    ['https://copilot.microsoft.com/', 'copilot', 'ai'],
    ['https://chat.deepseek.com/', 'deepseek', 'ai'],
  ])('%s → %s (%s)', (referrer, parsedReferrer, trafficType) => {
    expect(attribute(`${SITE}/`, referrer)).toMatchObject({ parsedReferrer, trafficType });
  });

  it('names any other site by its host, without www, as a referral', () => {
    expect(attribute(`${SITE}/`, 'https://www.example.com/blog/post')).toMatchObject({
      parsedReferrer: 'example.com',
      trafficType: 'referral',
    });
    // Google's other products are not its search engine.
    expect(attribute(`${SITE}/`, 'https://mail.google.com/')).toMatchObject({
      parsedReferrer: 'mail.google.com',
      trafficType: 'referral',
    });
    // Look-alikes do not pass for the real thing.
    expect(attribute(`${SITE}/`, 'https://notgoogle.com/')).toMatchObject({ trafficType: 'referral' });
    expect(attribute(`${SITE}/`, 'https://facebook.com.evil.io/')).toMatchObject({ trafficType: 'referral' });
  });

  it('counts no referrer, an unusable one and the site itself as direct', () => {
    for (const referrer of [null, '', 'not a url', 'android-app://com.example/', `${SITE}/c/finance`]) {
      expect(attribute(`${SITE}/app/invoice-chaser`, referrer)).toMatchObject({
        parsedReferrer: null,
        trafficType: 'direct',
        campaignSource: null,
      });
    }
  });

  it('treats the host case-insensitively', () => {
    expect(knownSource('WWW.Google.COM')).toEqual({ name: 'google', type: 'search' });
    expect(referringHost('https://Unsheet.App/x', 'unsheet.app')).toBeNull();
  });
});

describe('paid traffic', () => {
  it.each([
    ['gclid', 'google_ads', 'google'],
    ['msclkid', 'microsoft_ads', 'bing'],
    ['fbclid', 'meta_ads', 'facebook'],
  ])('is paid when %s is present, whatever the referrer', (param, campaignSource, network) => {
    expect(attribute(`${SITE}/?${param}=abc123`, 'https://www.google.com/')).toMatchObject({
      trafficType: 'paid',
      parsedReferrer: 'google',
      campaignSource,
    });
    // Without a referrer the network the click id comes from is the source.
    expect(attribute(`${SITE}/?${param}=abc123`, null)).toMatchObject({
      trafficType: 'paid',
      parsedReferrer: network,
      campaignSource,
    });
  });

  it('is paid when the campaign says so (utm_medium cpc and its spellings)', () => {
    for (const medium of ['cpc', 'PPC', 'paid', 'paid_social', 'paidsearch', 'cpm']) {
      expect(attribute(`${SITE}/?utm_source=linkedin&utm_medium=${medium}`, null)).toMatchObject({
        trafficType: 'paid',
        parsedReferrer: 'linkedin',
        campaignSource: 'linkedin',
      });
    }
    expect(attribute(`${SITE}/?utm_source=linkedin&utm_medium=social`, null).trafficType).toBe('social');
  });

  it('credits utm_source over the click id as the campaign source', () => {
    expect(attribute(`${SITE}/?gclid=x&utm_source=spring-promo`, null).campaignSource).toBe('spring-promo');
  });
});

describe('campaigns without a referrer', () => {
  it('classifies a known utm_source, by name or host', () => {
    // ChatGPT tags its links with utm_source=chatgpt.com and sends no referrer.
    expect(attribute(`${SITE}/?utm_source=chatgpt.com`, null)).toMatchObject({
      parsedReferrer: 'chatgpt',
      trafficType: 'ai',
      campaignSource: 'chatgpt.com',
    });
    expect(attribute(`${SITE}/?utm_source=Facebook&utm_medium=social`, null)).toMatchObject({
      parsedReferrer: 'facebook',
      trafficType: 'social',
    });
  });

  it('counts any other utm_source as a referral by that name', () => {
    expect(attribute(`${SITE}/?utm_source=Newsletter&utm_medium=email`, null)).toMatchObject({
      parsedReferrer: 'newsletter',
      trafficType: 'referral',
      campaignSource: 'Newsletter',
    });
  });

  it('lets a real referrer win over utm_source for the source', () => {
    expect(attribute(`${SITE}/?utm_source=newsletter`, 'https://www.reddit.com/')).toMatchObject({
      parsedReferrer: 'reddit',
      trafficType: 'social',
      campaignSource: 'newsletter',
    });
  });
});

describe('UTM parameters and click ids', () => {
  it('reads all five UTM parameters, trimmed, null when absent or blank', () => {
    const params = new URLSearchParams(
      'utm_source=%20google%20&utm_medium=cpc&utm_campaign=spring+sale&utm_term=invoice%20app&utm_content=',
    );
    expect(parseUtm(params)).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: 'spring sale',
      term: 'invoice app',
      content: null,
    });
    expect(parseUtm(new URLSearchParams(''))).toEqual({
      source: null,
      medium: null,
      campaign: null,
      term: null,
      content: null,
    });
  });

  it('removes control characters, which would make the server refuse the whole batch', () => {
    expect(parseUtm(new URLSearchParams('utm_campaign=spring%0Asale%00&utm_term=%09')).campaign).toBe('spring sale');
    expect(parseUtm(new URLSearchParams('utm_term=%09%0A')).term).toBeNull();
  });

  it('cuts UTM values to the 200 characters the server accepts', () => {
    expect(parseUtm(new URLSearchParams(`utm_campaign=${'x'.repeat(500)}`)).campaign).toHaveLength(200);
  });

  it('reads gclid, msclkid and fbclid', () => {
    expect(parseClickIds(new URLSearchParams('gclid=G1&msclkid=M2&fbclid=F3&other=1'))).toEqual({
      gclid: 'G1',
      msclkid: 'M2',
      fbclid: 'F3',
    });
    expect(parseClickIds(new URLSearchParams('gclid='))).toEqual({ gclid: null, msclkid: null, fbclid: null });
  });

  it('returns the whole session attribution from the landing URL', () => {
    expect(attribute(`${SITE}/c/finance?utm_source=google&utm_medium=cpc&utm_campaign=q1&gclid=abc`, '')).toEqual({
      utm: { source: 'google', medium: 'cpc', campaign: 'q1', term: null, content: null },
      clickIds: { gclid: 'abc', msclkid: null, fbclid: null },
      parsedReferrer: 'google',
      trafficType: 'paid',
      campaignSource: 'google',
    });
  });
});
