import type { IssuedReferralCode, IssueReferralCodeRequest } from '../../../../../contracts/early-access/referral';
import { apiPost } from '../../../lib/api-client';

// POST /api/referral-codes: the share-link generator. Every address gets a code in answer (201), the same
// answer whether or not it is on the list, so the generator tells nobody who is: an address already on the list
// is e-mailed its own link, and the code in the answer is not its own. Any other address keeps its code if it
// joins later.
/** `website`: the honeypot, only when a bot filled it. */
export function issueReferralCode(email: string, website?: string): Promise<IssuedReferralCode> {
  const request: IssueReferralCodeRequest = { email: email.trim(), website };
  return apiPost<IssuedReferralCode>('/referral-codes', request);
}
