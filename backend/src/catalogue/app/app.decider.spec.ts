import { describe, expect, it } from 'vitest';
import type { AppEvent } from './app.events.js';
import { appDecider, type AppCommand } from './app.decider.js';
import { keywordBof, parseAppChanges, parseAppFields, slugify } from './app.fields.js';

const id = '6f1c2a7e-3b1d-4c55-9a0e-1f2b3c4d5e6f';
const { details } = parseAppFields({ name: 'Invoice Chaser', description: 'Chases unpaid invoices.', category: 'Finance' });
const added: AppEvent = { type: 'AppAdded', data: { id, views: 0, ...details } };

function given(history: AppEvent[]) {
  const state = history.reduce(appDecider.evolve, appDecider.initialState);
  return { when: (command: AppCommand) => () => appDecider.decide(command, state) };
}

describe('app decider', () => {
  it('adds a new app', () => {
    expect(given([]).when({ type: 'AddApp', id, details, views: 12 })()).toEqual([
      { type: 'AppAdded', data: { id, views: 12, ...details } },
    ]);
  });

  it('refuses to add the same app twice', () => {
    expect(given([added]).when({ type: 'AddApp', id, details, views: 0 })).toThrow(
      expect.objectContaining({ code: 'CATALOGUE.APP_EXISTS', status: 409 }),
    );
  });

  it('records only the fields an update really changes', () => {
    const update = given([added]).when({
      type: 'UpdateApp',
      id,
      changes: { name: 'Invoice Chaser', development_status: 'beta', key_features: ['Reminders'] },
    });
    expect(update()).toEqual([{ type: 'AppUpdated', data: { id, changes: { development_status: 'beta', key_features: ['Reminders'] } } }]);
    expect(given([added]).when({ type: 'UpdateApp', id, changes: { name: 'Invoice Chaser' } })()).toEqual([]);
  });

  it('cannot update or deactivate an app that does not exist', () => {
    expect(given([]).when({ type: 'UpdateApp', id, changes: { name: 'X' } })).toThrow('App Not Found');
    expect(given([]).when({ type: 'DeactivateApp', id })).toThrow('App Not Found');
  });

  it('reactivates a deactivated app once, and refuses an unknown one', () => {
    const deactivated: AppEvent = { type: 'AppDeactivated', data: { id } };
    expect(given([added, deactivated]).when({ type: 'ReactivateApp', id })()).toEqual([{ type: 'AppReactivated', data: { id } }]);
    expect(given([added]).when({ type: 'ReactivateApp', id })()).toEqual([]);
    expect(given([added, deactivated, { type: 'AppReactivated', data: { id } }]).when({ type: 'DeactivateApp', id })()).toEqual([
      deactivated,
    ]);
    expect(given([]).when({ type: 'ReactivateApp', id })).toThrow('App Not Found');
  });

  it('deactivates once', () => {
    expect(given([added]).when({ type: 'DeactivateApp', id })()).toEqual([{ type: 'AppDeactivated', data: { id } }]);
    expect(given([added, { type: 'AppDeactivated', data: { id } }]).when({ type: 'DeactivateApp', id })()).toEqual([]);
  });
});

describe('app fields', () => {
  it('falls back to the slugified name and fills defaults', () => {
    const parsed = parseAppFields({ name: 'HR & Café Rota!', description: 'd', category: 'HR & Recruiting' });
    expect(parsed.details.slug).toBe('hr-and-cafe-rota');
    expect(parsed.details).toMatchObject({ development_status: 'concept', featured: false, key_features: [], app_url: null });
    expect(parsed.views).toBe(0);
  });

  it('keeps a given slug', () => {
    expect(parseAppFields({ name: 'A', slug: 'my-app', description: 'd', category: 'c' }).details.slug).toBe('my-app');
  });

  it('derives keyword_bof from the replaced tools, or the name', () => {
    expect(keywordBof({ name: 'Invoice Chaser', replaces_tools: 'Excel, reminders' })).toBe('Excel, reminders');
    expect(keywordBof({ name: 'Invoice Chaser', replaces_tools: null })).toBe('invoice chaser software');
  });

  it('names every bad field', () => {
    expect(() => parseAppFields({ name: ' ', description: 'd', category: 'c', app_url: 'javascript:alert(1)', colour: 'red' })).toThrow(
      expect.objectContaining({
        status: 400,
        fields: expect.objectContaining({
          name: expect.any(String),
          app_url: 'Enter a full http(s) URL',
          '(body)': expect.stringContaining('colour'),
        }),
      }),
    );
  });

  it('keeps only the fields an edit sends, validated like a new app', () => {
    expect(parseAppChanges({ status_text: '  Soon ', featured: true })).toEqual({ status_text: 'Soon', featured: true });
    expect(parseAppChanges({ app_url: null, status_text: '' })).toEqual({ app_url: null, status_text: null });
    expect(() => parseAppChanges({ views: 10 })).toThrow(expect.objectContaining({ fields: { '(body)': 'Unrecognized key: "views"' } }));
    expect(() => parseAppChanges({ development_status: 'shipped' })).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('slugifies to URL-safe text', () => {
    expect(slugify('  Customer Support ')).toBe('customer-support');
    expect(slugify('***')).toBe('');
    expect(() => parseAppFields({ name: '***', description: 'd', category: 'c' })).toThrow('at least one letter');
  });
});
