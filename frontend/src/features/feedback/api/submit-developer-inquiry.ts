import { apiPost } from '../../../lib/api-client';

// POST /api/developer-inquiries: a developer applying to join the team. Empty URLs are sent as null.
export interface SubmitDeveloperInquiryInput {
  name: string;
  email: string;
  message: string;
  portfolio_url: string | null;
  linkedin_url: string | null;
  /** The honeypot, only when a bot filled it (components/ui/honeypot.tsx). */
  website?: string;
}

export function submitDeveloperInquiry(input: SubmitDeveloperInquiryInput): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/developer-inquiries', input);
}
