import type { IssuedReferralCode, IssueReferralCodeRequest } from '../../../../../contracts/early-access/referral';
import { apiPost } from '../../../lib/api-client';

// POST /api/referral-codes: the share-link generator. Every address gets a code of its own in answer (201),
// the same each time, and friends who join through it count for that address, on the list or not; an address
// on the list is e-mailed the same link too. The answer is alike either way, so it tells nobody who is on the
// list. An address not on the list keeps its code if it joins later.
/** `website`: the honeypot, only when a bot filled it. */
export function issueReferralCode(email: string, website?: string): Promise<IssuedReferralCode> {
  const request: IssueReferralCodeRequest = { email: email.trim(), website };
  return apiPost<IssuedReferralCode>('/referral-codes', request);
}
