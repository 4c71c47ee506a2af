import type { Event } from '../../shared/event-store/events.js';
import type { AppDetails } from './app.fields.js';

export type AppAdded = Event<'AppAdded', { id: string; views: number } & AppDetails>;
export type AppUpdated = Event<'AppUpdated', { id: string; changes: Partial<AppDetails> }>;
export type AppDeactivated = Event<'AppDeactivated', { id: string }>;
export type AppEvent = AppAdded | AppUpdated | AppDeactivated;

/** A visitor opened the app's page. Appended unversioned to its own stream: many, and no decision rests on them. */
export type AppViewed = Event<'AppViewed', { appId: string }>;

export const APP_EVENT_TYPES = ['AppAdded', 'AppUpdated', 'AppDeactivated'] as const satisfies AppEvent['type'][];

export const appStream = (id: string) => `app-${id}`;
export const appViewsStream = (id: string) => `app-views-${id}`;
