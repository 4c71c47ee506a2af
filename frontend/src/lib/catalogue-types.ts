// Shapes of the catalogue read API (GET /api/apps/*, /api/categories), as the backend serves them.

export type DevelopmentStatus = 'concept' | 'prototype' | 'beta' | 'launched';

export type FaqItem = { question: string; answer: string };

export type App = {
  id: string;
  name: string;
  slug: string;
  description: string;
  long_description: string | null;
  problem_solved: string | null;
  category: string;
  category_slug: string;
  views: number;
  is_active: boolean;
  featured: boolean;
  replaces_tools: string | null;
  keyword_bof: string;
  development_status: DevelopmentStatus;
  app_url: string | null;
  status_text: string | null;
  status_link_enabled: boolean;
  key_features: string[];
  how_it_works: string[];
  spreadsheet_benefits: string[];
  target_personas: string[];
  roi_benefits: string[];
  faq_items: FaqItem[];
  meta_title: string | null;
  meta_description: string | null;
  keywords: string[];
  created_at: string;
  updated_at: string;
};

/** What list endpoints return (top, all, featured, search, a category's apps); the app page gets the full App. */
export type AppSummary = Pick<
  App,
  | 'id'
  | 'name'
  | 'slug'
  | 'description'
  | 'category'
  | 'category_slug'
  | 'views'
  | 'featured'
  | 'development_status'
  | 'app_url'
  | 'status_text'
  | 'status_link_enabled'
>;

export type Category = {
  name: string;
  slug: string;
  count: number;
};
