import { apiGet, apiPost } from '../../../lib/api-client';

// The welcome e-mail's link opens /confirm?token=… (routes/lead-confirm.tsx). Opening it changes nothing (mail
// scanners open links too): GET /api/leads/confirm/check only says whether the link is valid, and the page's
// button posts the token to POST /api/leads/confirm, which confirms the address (400 when the link is invalid).

export function checkLeadConfirmationLink(token: string): Promise<{ valid: boolean }> {
  return apiGet(`/leads/confirm/check?token=${encodeURIComponent(token)}`);
}

export function confirmLead(token: string): Promise<{ confirmed: true }> {
  return apiPost(`/leads/confirm?token=${encodeURIComponent(token)}`);
}
