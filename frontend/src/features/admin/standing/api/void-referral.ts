import { apiPost } from '../../../../lib/api-client';

// POST /api/admin/leads/:id/referral/void: the referral the lead joined through no longer counts (204; again
// is a 204 that changes nothing). 404 LEAD.NOT_FOUND; 409 REFERRAL.NONE when the lead joined without one.
export function voidReferral(leadId: string): Promise<void> {
  return apiPost(`/admin/leads/${encodeURIComponent(leadId)}/referral/void`);
}
