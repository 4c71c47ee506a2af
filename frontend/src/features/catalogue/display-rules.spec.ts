import { describe, expect, it } from 'vitest';
import {
  badgeLabel,
  benefitImprovement,
  DEVELOPMENT_STAGES,
  developmentStatusOf,
  isReadyToTry,
  MAX_IMPROVEMENT,
  MIN_IMPROVEMENT,
  replacedTools,
  roiFigures,
  showsCallToAction,
  statusBadge,
  toolCount,
  trackerStages,
  viewCount,
} from './display-rules';
import type { DevelopmentStatus } from '../../../../contracts/catalogue/fields';

const STATUSES: DevelopmentStatus[] = ['concept', 'prototype', 'beta', 'launched'];
const URL = 'https://invoice-chaser.unsheet.app';

describe('development stages', () => {
  it('are concept, prototype, beta, launched with the tracker labels', () => {
    expect(DEVELOPMENT_STAGES).toEqual([
      { status: 'concept', label: 'Concept' },
      { status: 'prototype', label: 'Prototype' },
      { status: 'beta', label: 'Beta Testing' },
      { status: 'launched', label: 'Public Launch' },
    ]);
  });

  it('default to concept when the status is missing or unknown', () => {
    expect(developmentStatusOf({})).toBe('concept');
    expect(developmentStatusOf({ development_status: undefined })).toBe('concept');
    expect(developmentStatusOf({ development_status: null as unknown as DevelopmentStatus })).toBe('concept');
    expect(developmentStatusOf({ development_status: 'alpha' as DevelopmentStatus })).toBe('concept');
    for (const status of STATUSES) expect(developmentStatusOf({ development_status: status })).toBe(status);
  });

  it.each([
    ['concept', [true, false, false, false], 0],
    ['prototype', [true, true, false, false], 1],
    ['beta', [true, true, true, false], 2],
    ['launched', [true, true, true, true], 3],
  ] as const)('highlight every stage up to %s, which is the current one', (status, reached, currentIndex) => {
    const stages = trackerStages({ development_status: status });
    expect(stages.map((stage) => stage.reached)).toEqual(reached);
    expect(stages.map((stage) => stage.current)).toEqual([0, 1, 2, 3].map((index) => index === currentIndex));
    expect(stages.map((stage) => stage.label)).toEqual(['Concept', 'Prototype', 'Beta Testing', 'Public Launch']);
  });

  it('track a missing status as concept', () => {
    expect(trackerStages({}).map((stage) => stage.current)).toEqual([true, false, false, false]);
  });
});

describe('status badge', () => {
  it('labels prototype, beta and launched as Prototype, Beta and Live, and a concept not at all', () => {
    expect(STATUSES.map((status) => badgeLabel({ development_status: status }))).toEqual([null, 'Prototype', 'Beta', 'Live']);
  });

  it('shows the label with the status text, linking to the app when it has a URL', () => {
    expect(statusBadge({ development_status: 'beta', status_text: 'Beta open', status_link_enabled: true, app_url: URL })).toEqual({
      label: 'Beta',
      text: 'Beta open',
      href: URL,
    });
  });

  it('is not clickable without an app URL', () => {
    for (const app_url of [null, undefined, '']) {
      expect(statusBadge({ development_status: 'launched', status_text: 'Live now', status_link_enabled: true, app_url })).toEqual({
        label: 'Live',
        text: 'Live now',
        href: null,
      });
    }
  });

  it('is hidden unless status_link_enabled is true and status_text is set', () => {
    const base = { development_status: 'launched', app_url: URL } as const;
    expect(statusBadge({ ...base, status_text: 'Live now', status_link_enabled: false })).toBeNull();
    expect(statusBadge({ ...base, status_text: 'Live now' })).toBeNull();
    expect(statusBadge({ ...base, status_text: null, status_link_enabled: true })).toBeNull();
    expect(statusBadge({ ...base, status_text: '', status_link_enabled: true })).toBeNull();
    expect(statusBadge({ ...base, status_text: '   ', status_link_enabled: true })).toBeNull();
  });

  it('shows a concept with a status text as the text alone', () => {
    expect(statusBadge({ status_text: ' In design ', status_link_enabled: true, app_url: null })).toEqual({
      label: null,
      text: 'In design',
      href: null,
    });
  });
});

describe('call-to-action box and Ready to Try Now', () => {
  it.each(STATUSES)('for a %s app', (status) => {
    const tryable = status !== 'concept';
    const app = { development_status: status, app_url: URL, status_text: 'x', status_link_enabled: true };
    expect(showsCallToAction(app)).toBe(tryable);
    expect(isReadyToTry(app)).toBe(tryable);
    expect(showsCallToAction({ ...app, app_url: null })).toBe(false);
    expect(isReadyToTry({ ...app, app_url: null })).toBe(false);
    // The box only needs something to open; the home section also needs the admin's link switch.
    expect(showsCallToAction({ ...app, status_link_enabled: false })).toBe(tryable);
    expect(isReadyToTry({ ...app, status_link_enabled: false })).toBe(false);
  });

  it('treat a missing status as a concept with nothing to try', () => {
    expect(showsCallToAction({ app_url: URL, status_link_enabled: true })).toBe(false);
    expect(isReadyToTry({ app_url: URL, status_link_enabled: true })).toBe(false);
  });

  it('do not need a status text', () => {
    expect(isReadyToTry({ development_status: 'beta', app_url: URL, status_link_enabled: true, status_text: null })).toBe(true);
  });
});

describe('counts', () => {
  it("say 'tool' for one and 'tools' otherwise", () => {
    expect(toolCount(0)).toBe('0 tools');
    expect(toolCount(1)).toBe('1 tool');
    expect(toolCount(2)).toBe('2 tools');
    expect(toolCount(1200)).toBe('1,200 tools');
  });

  it("say 'view' for one and 'views' otherwise", () => {
    expect(viewCount(0)).toBe('0 views');
    expect(viewCount(1)).toBe('1 view');
    expect(viewCount(4720)).toBe('4,720 views');
  });
});

describe('ROI figures', () => {
  it("are the spec's figures for an app without its own", () => {
    expect(roiFigures({ roi_figures: null })).toEqual({
      own: false,
      figures: [
        { value: '45%', caption: 'faster' },
        { value: '30%', caption: 'less errors' },
        { value: '25%', caption: 'cost savings' },
        { value: '40%', caption: 'ROI' },
        { value: '$69,000', caption: 'projected' },
      ],
    });
  });

  it("are the app's own when it has them", () => {
    const own = roiFigures({
      roi_figures: { faster_pct: 87, fewer_errors_pct: 60, cost_savings_pct: 12, roi_pct: 210, projected_usd: 1_250_000 },
    });
    expect(own.own).toBe(true);
    expect(own.figures.map((figure) => `${figure.value} ${figure.caption}`)).toEqual([
      '87% faster',
      '60% less errors',
      '12% cost savings',
      '210% ROI',
      '$1,250,000 projected',
    ]);
  });
});

describe('benefit improvement', () => {
  const ids = Array.from({ length: 200 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);

  it('is the same for the same app and benefit', () => {
    for (const id of ids.slice(0, 20)) {
      for (let index = 0; index < 6; index++) {
        expect(benefitImprovement(id, index, 'One source of truth')).toBe(benefitImprovement(id, index, 'Other text'));
      }
    }
  });

  it('stays within 10–29 % and uses the whole range', () => {
    const seen = new Set<number>();
    for (const id of ids) {
      for (let index = 0; index < 5; index++) {
        const value = benefitImprovement(id, index);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(MIN_IMPROVEMENT);
        expect(value).toBeLessThanOrEqual(MAX_IMPROVEMENT);
        seen.add(value);
      }
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => 10 + index));
  });

  it('differs between the benefits of one app and between apps', () => {
    const perBenefit = new Set([0, 1, 2, 3, 4, 5].map((index) => benefitImprovement(ids[0]!, index)));
    expect(perBenefit.size).toBeGreaterThan(2);
    const perApp = new Set(ids.slice(0, 10).map((id) => benefitImprovement(id, 0)));
    expect(perApp.size).toBeGreaterThan(3);
  });

  it('does not step by one from a benefit to the next', () => {
    // A weak hash gives neighbouring inputs neighbouring figures (+15 %, +16 %, +17 %…). Unrelated figures
    // are one apart about 1 time in 10.
    let steps = 0;
    let pairs = 0;
    for (const id of ids) {
      for (let index = 0; index < 4; index++) {
        pairs++;
        if (Math.abs(benefitImprovement(id, index + 1) - benefitImprovement(id, index)) === 1) steps++;
      }
    }
    expect(steps / pairs).toBeLessThan(0.2);
  });

  it('uses a percentage the benefit states', () => {
    expect(benefitImprovement(ids[0]!, 0, 'Cuts data-entry errors by 40%')).toBe(40);
    expect(benefitImprovement(ids[0]!, 0, 'Up to 5 % fewer returns')).toBe(5);
    expect(benefitImprovement(ids[0]!, 0, 'Saves 100% of the retyping')).toBe(100);
  });

  it('ignores percentages that cannot be an improvement', () => {
    for (const benefit of ['0% typing', '250% growth']) {
      const value = benefitImprovement(ids[0]!, 0, benefit);
      expect(value).toBe(benefitImprovement(ids[0]!, 0));
      expect(value).toBeGreaterThanOrEqual(MIN_IMPROVEMENT);
      expect(value).toBeLessThanOrEqual(MAX_IMPROVEMENT);
    }
  });
});

describe('replaced tools', () => {
  it('split replaces_tools on commas, trimmed and capitalised, without blanks or repeats', () => {
    expect(replacedTools('Excel receivables sheet, email reminders,  aged debtors report')).toEqual([
      'Excel receivables sheet',
      'Email reminders',
      'Aged debtors report',
    ]);
    expect(replacedTools('Excel sheet,, excel sheet , ,Shared inbox')).toEqual(['Excel sheet', 'Shared inbox']);
  });

  it('are none when replaces_tools is missing', () => {
    expect(replacedTools(null)).toEqual([]);
    expect(replacedTools(undefined)).toEqual([]);
    expect(replacedTools('')).toEqual([]);
  });
});
