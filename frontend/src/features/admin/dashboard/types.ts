// The dashboard's shapes: the API's answers, from the contracts the SPA shares with the API, and what the
// route passes down.
import type { EngagementMetrics, FigureChange } from '../../../../../contracts/analytics/engagement';
import type { Growth } from '../../../../../contracts/analytics/dashboard';
import type { AdminAppPage, AppSummary } from '../../../../../contracts/catalogue/app';
import type { Lead, LeadPage, LeadSort } from '../../../../../contracts/early-access/lead';
import type { AdminSettings } from '../../../../../contracts/admin/settings';
import type { MessageStatus, SuggestionStatus } from '../../../../../contracts/feedback/fields';
import type {
  DeveloperInquiry,
  QuickQuestion,
  QuickQuestionPage,
  Suggestion,
  SuggestionPage,
} from '../../../../../contracts/feedback/views';

export type {
  AdminSettings,
  EngagementMetrics,
  FigureChange,
  Growth,
  Lead,
  LeadPage,
  LeadSort,
  MessageStatus,
  Suggestion,
  SuggestionPage,
  SuggestionStatus,
};

/** A quick question or a developer inquiry: one shape, the inquiry's links only on inquiries. */
export type VisitorMessage = QuickQuestion & Partial<Pick<DeveloperInquiry, 'linkedin_url' | 'portfolio_url'>>;

/** A page of either, with the Total, Unread and Replied figures of the whole list. */
export type VisitorMessagePage = Omit<QuickQuestionPage, 'items'> & { items: VisitorMessage[] };

/** What the overview reads of an app (GET /api/apps/top). */
export type AppRow = Pick<AppSummary, 'id' | 'slug' | 'name' | 'description' | 'category' | 'views'>;

/** The catalogue's figures the stat cards show (GET /api/admin/apps). */
export type CatalogueFigures = Pick<AdminAppPage, 'active' | 'activeViews'>;

/** What the route reads from the browser for the PWA panel (the pwa feature), passed down as props. */
export type PwaPanelStatus = { serviceWorker: string; installAvailable: boolean };
