import type { Event } from '../../shared/event-store/events.js';
import type { AppDetails } from './app.fields.js';

export type AppAdded = Event<'AppAdded', { id: string; views: number } & AppDetails>;
export type AppUpdated = Event<'AppUpdated', { id: string; changes: Partial<AppDetails> }>;
export type AppDeactivated = Event<'AppDeactivated', { id: string }>;
export type AppEvent = AppAdded | AppUpdated | AppDeactivated;

export const APP_EVENT_TYPES = ['AppAdded', 'AppUpdated', 'AppDeactivated'] as const satisfies AppEvent['type'][];

export const appStream = (id: string) => `app-${id}`;
