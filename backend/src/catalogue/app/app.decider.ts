import { ConflictError, NotFoundError } from '../../shared/errors/domain-error.js';
import type { Decider } from '../../shared/event-store/decider.js';
import type { AppEvent } from './app.events.js';
import type { AppDetails } from './app.fields.js';

export type AppState = { exists: false } | { exists: true; active: boolean; details: AppDetails };

export type AppCommand =
  | { type: 'AddApp'; id: string; details: AppDetails; views: number }
  | { type: 'UpdateApp'; id: string; changes: Partial<AppDetails> }
  | { type: 'DeactivateApp'; id: string }
  | { type: 'ReactivateApp'; id: string };

export const appDecider: Decider<AppCommand, AppEvent, AppState> = {
  initialState: { exists: false },

  evolve(state, event) {
    switch (event.type) {
      case 'AppAdded': {
        const { id: _id, views: _views, ...details } = event.data;
        return { exists: true, active: true, details };
      }
      case 'AppUpdated':
        return state.exists ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      case 'AppDeactivated':
        return state.exists ? { ...state, active: false } : state;
      case 'AppReactivated':
        return state.exists ? { ...state, active: true } : state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddApp':
        if (state.exists) throw new ConflictError('CATALOGUE.APP_EXISTS', 'This app already exists.');
        return [{ type: 'AppAdded', data: { id: command.id, views: command.views, ...command.details } }];
      case 'UpdateApp': {
        if (!state.exists) throw new NotFoundError('CATALOGUE.APP_NOT_FOUND', 'App Not Found');
        const changes = changedFields(state.details, command.changes);
        return Object.keys(changes).length > 0 ? [{ type: 'AppUpdated', data: { id: command.id, changes } }] : [];
      }
      case 'DeactivateApp':
        if (!state.exists) throw new NotFoundError('CATALOGUE.APP_NOT_FOUND', 'App Not Found');
        return state.active ? [{ type: 'AppDeactivated', data: { id: command.id } }] : [];
      case 'ReactivateApp':
        if (!state.exists) throw new NotFoundError('CATALOGUE.APP_NOT_FOUND', 'App Not Found');
        return state.active ? [] : [{ type: 'AppReactivated', data: { id: command.id } }];
    }
  },
};

function changedFields(current: AppDetails, changes: Partial<AppDetails>): Partial<AppDetails> {
  return Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => JSON.stringify(current[key as keyof AppDetails]) !== JSON.stringify(value)),
  );
}
