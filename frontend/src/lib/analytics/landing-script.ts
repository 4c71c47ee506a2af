// The inline script the server writes into every page (built by vite.landing.config.ts): see landing.ts.
import { noteLanding } from './landing';

noteLanding();
