import { apiPost } from '../../../lib/api-client';

// POST /api/referral-codes: the share-link generator. A lead gets the code it joined with; any other address
// gets a code of its own (it is not put on the list, and keeps the code if it joins later).
export interface IssuedReferralCode {
  code: string;
  issued: boolean;
}

/** `website`: the honeypot, only when a bot filled it. */
export function issueReferralCode(email: string, website?: string): Promise<IssuedReferralCode> {
  return apiPost<IssuedReferralCode>('/referral-codes', { email: email.trim(), website });
}
