import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, fieldsOf, formValuesOf } from './app-form-values';
import type { AdminApp } from './types';

const app: AdminApp = {
  id: 'a1',
  name: 'Invoice Chaser',
  slug: 'invoice-chaser',
  description: 'Chases invoices.',
  long_description: null,
  problem_solved: 'Late payments',
  category: 'Finance',
  category_slug: 'finance',
  views: 12,
  is_active: true,
  featured: true,
  replaces_tools: 'Excel',
  keyword_bof: 'Excel',
  development_status: 'beta',
  app_url: 'https://chaser.example.com',
  status_text: null,
  status_link_enabled: true,
  key_features: ['Reminders', 'Escalation'],
  how_it_works: [],
  spreadsheet_benefits: ['No columns'],
  target_personas: [],
  roi_benefits: [],
  roi_figures: { faster_pct: 38, fewer_errors_pct: 45, cost_savings_pct: 15, roi_pct: 280, projected_usd: 33_000 },
  faq_items: [{ question: 'Free?', answer: 'Yes.' }],
  meta_title: null,
  meta_description: null,
  keywords: ['invoices'],
  created_at: '2026-11-22T00:00:00Z',
  updated_at: '2026-11-22T00:00:00Z',
};

describe('app form values', () => {
  it('round-trips an app through the form unchanged', () => {
    const { id: _id, category_slug: _c, views: _v, is_active: _a, keyword_bof: _k, created_at: _ca, updated_at: _ua, ...fields } = app;
    expect(fieldsOf(formValuesOf(app), false)).toEqual(fields);
  });

  it('sends blank optional texts as null, one list item per non-empty line, and drops empty FAQ pairs', () => {
    const fields = fieldsOf(
      {
        ...EMPTY_FORM,
        name: ' A ',
        description: 'd',
        category: 'c',
        app_url: '  ',
        key_features: ' one \n\n two ',
        faq_items: [{ question: ' ', answer: '' }],
      },
      true,
    );
    expect(fields).toMatchObject({ name: 'A', app_url: null, status_text: null, key_features: ['one', 'two'], faq_items: [], views: 0 });
    expect(fields).not.toHaveProperty('slug');
  });

  it('sends no ROI figures when all five are blank, and leaves out a blank one for the server to name', () => {
    expect(fieldsOf({ ...EMPTY_FORM, name: 'A' }, true).roi_figures).toBeNull();
    const typed = { ...EMPTY_FORM.roi_figures, faster_pct: ' 45 ', roi_pct: '120' };
    expect(fieldsOf({ ...EMPTY_FORM, roi_figures: typed }, true).roi_figures).toEqual({ faster_pct: 45, roi_pct: 120 });
  });

  it('sends the starting views only when creating', () => {
    expect(fieldsOf({ ...EMPTY_FORM, views: '250' }, true).views).toBe(250);
    expect(fieldsOf({ ...EMPTY_FORM, views: '250' }, false)).not.toHaveProperty('views');
  });
});
