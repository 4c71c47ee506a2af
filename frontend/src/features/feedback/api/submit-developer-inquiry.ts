import type { DeveloperInquiryInput } from '../../../../../contracts/feedback/forms';
import { apiPost } from '../../../lib/api-client';

// POST /api/developer-inquiries: a developer applying to join the team. Empty URLs are sent as null.
export type SubmitDeveloperInquiryInput = DeveloperInquiryInput;

export function submitDeveloperInquiry(input: SubmitDeveloperInquiryInput): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/developer-inquiries', input);
}
