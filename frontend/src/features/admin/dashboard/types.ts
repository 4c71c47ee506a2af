// Shapes of the admin API (GET /api/admin/*) as the backend serves them.

export type Lead = { id: string; email: string; source_page: string | null; created_at: string };

export type SuggestionStatus = 'new' | 'triaged' | 'done';
export type Suggestion = {
  id: string;
  email: string;
  suggestion_text: string;
  category: string | null;
  source_page: string | null;
  status: SuggestionStatus;
  created_at: string;
};

export type MessageStatus = 'unread' | 'read' | 'replied';
export type VisitorMessage = {
  id: string;
  name: string;
  email: string;
  message: string;
  status: MessageStatus;
  admin_notes: string | null;
  created_at: string;
  /** Developer inquiries only. */
  linkedin_url?: string | null;
  portfolio_url?: string | null;
};

export type EngagementMetrics = {
  totalSessions: number;
  avgTimeOnSite: number;
  avgPagesPerSession: number;
  quizCompletionRate: number;
  topCategories: { category: string; count: number }[];
  peakHours: { hour: number; sessions: number }[];
  trafficSources: { source: string; sessions: number }[];
  userReturnRate: number;
};

export type AppRow = { id: string; slug: string; name: string; description: string; category: string; views: number };

export type AdminSettings = { notifyEmail: string; queueDashboard: boolean };

/** What the route reads from the browser for the PWA panel (the pwa feature), passed down as props. */
export type PwaPanelStatus = { serviceWorker: string; installAvailable: boolean };
