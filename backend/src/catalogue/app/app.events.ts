import type { Event } from '../../shared/event-store/events.js';
import type { AppDetails } from './app.fields.js';

export type AppAdded = Event<'AppAdded', { id: string; views: number } & AppDetails>;
export type AppUpdated = Event<'AppUpdated', { id: string; changes: Partial<AppDetails> }>;
/** Soft delete (spec §4): the app leaves every public read; its events and page address are kept. */
export type AppDeactivated = Event<'AppDeactivated', { id: string }>;
export type AppReactivated = Event<'AppReactivated', { id: string }>;
export type AppEvent = AppAdded | AppUpdated | AppDeactivated | AppReactivated;

/**
 * A visitor opened the app's page. Appended unversioned to its own stream: many, and no decision rests on
 * them. `sessionId` is the visit's; `viewId` the view's own id (the client's, so that a retried request
 * counts once, or one the server drew), by which the view counts once. Events from before views had an id
 * counted once per app and session, and those from before they had a session one each.
 */
export type AppViewed = Event<'AppViewed', { appId: string; sessionId?: string; viewId?: string }>;

export const APP_EVENT_TYPES = ['AppAdded', 'AppUpdated', 'AppDeactivated', 'AppReactivated'] as const satisfies AppEvent['type'][];

export const appStream = (id: string) => `app-${id}`;
export const appViewsStream = (id: string) => `app-views-${id}`;
