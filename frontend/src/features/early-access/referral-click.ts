import { apiPost } from '../../lib/api-client';

/**
 * Records a visit through a share link. The server works out the platform from `via`, then `utm_source`,
 * then the referrer, and reads the user agent itself.
 */
export async function recordReferralClick(code: string): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  await apiPost(`/referrals/${encodeURIComponent(code)}/clicks`, {
    referrer: document.referrer.slice(0, 2048) || null,
    utm_source: params.get('utm_source')?.slice(0, 100) || null,
    via: params.get('via')?.slice(0, 100) || null,
  });
}
