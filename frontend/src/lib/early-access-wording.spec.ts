import { describe, expect, it } from 'vitest';
import { earlyAccessWording, wordingFor } from './early-access-wording';

const EARLY_EXPLORER_WORDS = /Claim|claim|Early Explorers|Join Explorers|Early Explorer Access|first 100/;

describe('earlyAccessWording', () => {
  it('invites visitors to claim one of the 100 spots while spots remain', () => {
    expect(earlyAccessWording('early-explorers')).toEqual({
      join: 'Join Explorers',
      hero: 'Join 100 Early Explorers',
      boxTitle: 'Early Explorer Access',
      boxText: 'The first 100 sign-ups get lifetime access to one app, free of payment.',
      claim: 'Claim Spot',
      bannerText: 'The first 100 Early Explorers get lifetime access to one app, free. Claim your spot before it is gone.',
      bannerButton: 'Join 100 Early Explorers',
      dialogTitle: 'Join 100 Early Explorers',
      dialogDescription: 'The first 100 explorers get lifetime access to one app, free.',
      invitation: 'join 100 Early Explorers',
    });
  });

  it('invites visitors to the wait-list once the spots are taken, with no word of claiming one', () => {
    const wording = earlyAccessWording('waitlist');
    expect(wording).toEqual({
      join: 'Join the Wait-list',
      hero: 'Join the Wait-list',
      boxTitle: 'Early Explorer spots are taken',
      boxText: 'Join the wait-list and we will let you in as soon as there is room.',
      claim: 'Join the Wait-list',
      bannerText: 'All 100 Early Explorer spots are taken. Join the wait-list and we will let you in as soon as there is room.',
      bannerButton: 'Join the Wait-list',
      dialogTitle: 'Join the wait-list',
      dialogDescription: 'All 100 Early Explorer spots are taken. Join the wait-list and we will let you in as soon as there is room.',
      invitation: 'join the wait-list for early access',
    });
    for (const words of Object.values(wording)) expect(words).not.toMatch(EARLY_EXPLORER_WORDS);
  });

  it('states the cap it is given', () => {
    expect(earlyAccessWording('early-explorers', 50).hero).toBe('Join 50 Early Explorers');
    expect(earlyAccessWording('waitlist', 50).bannerText).toMatch(/^All 50 Early Explorer spots are taken\./);
  });
});

describe('wordingFor', () => {
  it("follows the status's mode and cap, and without a status uses the Early Explorers' words", () => {
    expect(wordingFor({ leadCount: 100, cap: 100, spotsRemaining: 0, mode: 'waitlist' })).toEqual(earlyAccessWording('waitlist'));
    expect(wordingFor({ leadCount: 3, cap: 50, spotsRemaining: 47, mode: 'early-explorers' }).hero).toBe('Join 50 Early Explorers');
    expect(wordingFor(undefined)).toEqual(earlyAccessWording('early-explorers'));
  });
});
