/**
 * The ads tag call and the lead-page hit behind trackConversion (spec §7, admin §9), loaded lazily.
 * Settings come from the server (GET /api/conversion-tracking: GOOGLE_ADS_ID, CONVERSION_PAGE_URL); with
 * neither configured nothing is called or opened. The lead page opens in a tiny popup closed after 3 s; if
 * the browser blocks the popup, a hidden frame loads it instead and is removed after 3 s.
 */
import type { ConversionKind } from './conversions';
import { apiGet } from './api-client';

/** USD per conversion (spec §7). */
export const CONVERSION_VALUES: Record<ConversionKind, number> = {
  lead: 1,
  newsletter: 0.5,
  suggestion: 2,
  contact_form: 1.5,
};

export const CONVERSION_PAGE_LIFETIME_MS = 3000;

interface TrackingSettings {
  googleAdsId: string | null;
  conversionPageUrl: string | null;
}

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let settings: Promise<TrackingSettings> | undefined;

export async function fireConversion(kind: ConversionKind): Promise<void> {
  settings ??= apiGet<TrackingSettings>('/conversion-tracking').catch((error: unknown) => {
    settings = undefined; // try again on the next conversion
    throw error;
  });
  const { googleAdsId, conversionPageUrl } = await settings;
  const value = CONVERSION_VALUES[kind];
  if (googleAdsId) adsTag(googleAdsId)('event', 'conversion', { send_to: googleAdsId, value, currency: 'USD', event_category: kind });
  if (conversionPageUrl) openConversionPage(conversionPageUrl, kind, value);
}

/** The standard gtag.js snippet, loaded once. `id` may carry a conversion label ('AW-1/abc'): the script wants the account. */
function adsTag(id: string): Gtag {
  if (!window.gtag) {
    const account = id.split('/')[0]!;
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // gtag.js reads the arguments object itself, not an array.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', account);
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(account)}`;
    document.head.append(script);
  }
  return window.gtag;
}

function openConversionPage(pageUrl: string, kind: ConversionKind, value: number): void {
  const url = new URL(pageUrl, window.location.href);
  url.searchParams.set('conversion', kind);
  url.searchParams.set('value', String(value));
  const popup = window.open(url.href, 'unsheet-conversion', 'popup,width=1,height=1,left=-1000,top=-1000');
  if (popup) {
    window.focus();
    setTimeout(() => popup.close(), CONVERSION_PAGE_LIFETIME_MS);
    return;
  }
  const frame = document.createElement('iframe');
  frame.src = url.href;
  frame.title = 'Conversion';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.conversion = kind;
  frame.style.cssText = 'position:absolute;width:1px;height:1px;border:0;opacity:0;pointer-events:none;left:-9999px;top:0';
  document.body.append(frame);
  setTimeout(() => frame.remove(), CONVERSION_PAGE_LIFETIME_MS);
}
