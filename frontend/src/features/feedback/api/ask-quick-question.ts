import type { QuickQuestionInput } from '../../../../../contracts/feedback/forms';
import { apiPost } from '../../../lib/api-client';

// POST /api/quick-questions: the Contact page's quick question; the team answers by e-mail.
export type AskQuickQuestionInput = QuickQuestionInput;

export function askQuickQuestion(input: AskQuickQuestionInput): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/quick-questions', input);
}
