import type { Generated } from 'kysely';

export interface SuggestionsTable {
  id: string;
  email: string;
  suggestion_text: string;
  category: string | null;
  source_page: string | null;
  status: Generated<'new' | 'triaged' | 'done'>;
  created_at: Date;
}

export interface QuickQuestionsTable {
  id: string;
  name: string;
  email: string;
  message: string;
  status: Generated<'unread' | 'read' | 'replied'>;
  admin_notes: string | null;
  created_at: Date;
}

export interface DeveloperInquiriesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  portfolio_url: string | null;
  linkedin_url: string | null;
  status: Generated<'unread' | 'read' | 'replied'>;
  admin_notes: string | null;
  created_at: Date;
}

declare module '../shared/db/tables.js' {
  interface Tables {
    suggestions: SuggestionsTable;
    quick_questions: QuickQuestionsTable;
    developer_inquiries: DeveloperInquiriesTable;
  }
}
