/**
 * Where a referral click came from, for the referrer's stats: an explicit `via` tag on the link wins, then
 * `utm_source`, then the referring page's host. No referrer at all is a direct visit (typed, pasted, or an
 * app such as WhatsApp that sends none); a host we do not know is 'other'.
 */
export const PLATFORMS = ['twitter', 'linkedin', 'whatsapp', 'facebook', 'reddit', 'telegram', 'email', 'direct', 'other'] as const;
export type Platform = (typeof PLATFORMS)[number];

// Names a link tag may use for each platform ('via=x', 'utm_source=newsletter').
const TAGS: Record<string, Platform> = {
  twitter: 'twitter',
  x: 'twitter',
  tw: 'twitter',
  linkedin: 'linkedin',
  li: 'linkedin',
  whatsapp: 'whatsapp',
  wa: 'whatsapp',
  facebook: 'facebook',
  fb: 'facebook',
  messenger: 'facebook',
  reddit: 'reddit',
  telegram: 'telegram',
  tg: 'telegram',
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  newsletter: 'email',
  gmail: 'email',
  outlook: 'email',
  direct: 'direct',
  copy: 'direct',
  link: 'direct',
};

// Referring hosts, matched on the host itself or any subdomain of it.
const HOSTS: [string, Platform][] = [
  ['twitter.com', 'twitter'],
  ['x.com', 'twitter'],
  ['t.co', 'twitter'],
  ['linkedin.com', 'linkedin'],
  ['lnkd.in', 'linkedin'],
  ['whatsapp.com', 'whatsapp'],
  ['wa.me', 'whatsapp'],
  ['facebook.com', 'facebook'],
  ['fb.com', 'facebook'],
  ['fb.me', 'facebook'],
  ['messenger.com', 'facebook'],
  ['reddit.com', 'reddit'],
  ['redd.it', 'reddit'],
  ['t.me', 'telegram'],
  ['telegram.org', 'telegram'],
  ['mail.google.com', 'email'],
  ['outlook.live.com', 'email'],
  ['outlook.office.com', 'email'],
  ['mail.yahoo.com', 'email'],
  ['mail.proton.me', 'email'],
];

export interface ClickSource {
  via?: string | null | undefined;
  utmSource?: string | null | undefined;
  /** The referring page's URL (document.referrer). */
  referrer?: string | null | undefined;
}

export function detectPlatform({ via, utmSource, referrer }: ClickSource): Platform {
  for (const tag of [via, utmSource]) {
    const platform = tag ? TAGS[tag.trim().toLowerCase()] : undefined;
    if (platform) return platform;
  }
  const host = hostOf(referrer);
  if (!host) return 'direct';
  const match = HOSTS.find(([known]) => host === known || host.endsWith(`.${known}`));
  return match?.[1] ?? 'other';
}

function hostOf(referrer: string | null | undefined): string | null {
  if (!referrer?.trim()) return null;
  try {
    return new URL(referrer.trim()).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
