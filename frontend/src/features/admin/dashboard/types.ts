// The dashboard's shapes: the API's answers, from the contracts the SPA shares with the API, and what the
// route passes down.
import type { EngagementMetrics, FigureChange } from '../../../../../contracts/analytics/engagement';
import type { AppSummary } from '../../../../../contracts/catalogue/app';
import type { Lead } from '../../../../../contracts/early-access/lead';
import type { MessageStatus, SuggestionStatus } from '../../../../../contracts/feedback/fields';
import type { DeveloperInquiry, QuickQuestion, Suggestion } from '../../../../../contracts/feedback/views';

export type { EngagementMetrics, FigureChange, Lead, MessageStatus, Suggestion, SuggestionStatus };

/** A quick question or a developer inquiry: one shape, the inquiry's links only on inquiries. */
export type VisitorMessage = QuickQuestion & Partial<Pick<DeveloperInquiry, 'linkedin_url' | 'portfolio_url'>>;

/** What the overview reads of an app (GET /api/apps, /api/apps/top). */
export type AppRow = Pick<AppSummary, 'id' | 'slug' | 'name' | 'description' | 'category' | 'views'>;

export type AdminSettings = { notifyEmail: string; queueDashboard: boolean };

/** What the route reads from the browser for the PWA panel (the pwa feature), passed down as props. */
export type PwaPanelStatus = { serviceWorker: string; installAvailable: boolean };
