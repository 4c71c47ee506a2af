import { apiPost } from '../../../lib/api-client';

// POST /api/quick-questions: the Contact page's quick question; the team answers by e-mail.
export interface AskQuickQuestionInput {
  name: string;
  email: string;
  message: string;
  /** The honeypot, only when a bot filled it (components/ui/honeypot.tsx). */
  website?: string;
}

export function askQuickQuestion(input: AskQuickQuestionInput): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/quick-questions', input);
}
