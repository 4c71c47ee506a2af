/**
 * How the console shows a lead's standing (confirmation, flags, the referral it joined through), pure so that
 * tests pin it down. The Leads tab and the lead detail page show the same words and colours.
 */
import type {
  Lead,
  LeadFlagCode,
  LeadReferral,
  LeadStanding,
  LeadStatus,
  ReferralStanding,
} from '../../../../../contracts/early-access/lead';
import { BADGE_TONES } from '../dashboard/dashboard-rules';

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { confirmed: 'Confirmed', pending: 'Pending', expired: 'Expired' };

export const REFERRAL_STANDING_LABELS: Record<ReferralStanding, string> = {
  pending: 'Pending',
  credited: 'Credited',
  refused: 'Refused',
  voided: 'Voided',
};

/** A flag's badge; its reason (the API's sentence with the detail) is shown beside it. */
export const FLAG_LABELS: Record<LeadFlagCode, string> = {
  disposable: 'Disposable address',
  'same-mailbox': 'Same mailbox',
  'referral-burst': 'Referral burst',
  'referral-domain': 'Referral domain',
  undeliverable: 'Undeliverable',
};

export const FLAG_CLASS = 'border-transparent bg-orange-100 text-orange-800';

export function leadStatusClass(status: LeadStatus): string {
  return { confirmed: BADGE_TONES.green, pending: BADGE_TONES.yellow, expired: BADGE_TONES.grey }[status];
}

export function referralStandingClass(status: ReferralStanding): string {
  return { credited: BADGE_TONES.green, pending: BADGE_TONES.yellow, refused: BADGE_TONES.red, voided: BADGE_TONES.grey }[status];
}

/** A lead whose referral can be voided, as the confirmation dialog names it. */
export interface VoidTarget {
  id: string;
  email: string;
  referral: LeadReferral & { status: 'pending' | 'credited' };
}

/** Only a referral that counts, or will once the lead confirms, can be voided: the lead as the dialog needs it, or null. */
export function voidTarget({ id, email, referral }: Pick<Lead, 'id' | 'email' | 'referral'>): VoidTarget | null {
  if (referral?.status !== 'pending' && referral?.status !== 'credited') return null;
  return { id, email, referral: { ...referral, status: referral.status } };
}

/** Why a refused or voided referral does not count (the API's sentence); null for one that counts or will. */
export function referralReason({ status, reason }: LeadReferral): string | null {
  return status === 'refused' || status === 'voided' ? reason : null;
}

/** What the confirmation dialog says the voiding changes, by where the referral stands now. */
export function voidConsequence(status: 'pending' | 'credited'): string {
  return status === 'credited'
    ? 'It counts for the referrer now; voided, it is taken off their invites and the rewards they unlock.'
    : 'It would count for the referrer once this lead confirms their address; voided, it never will.';
}

/** The line under the status badge on the lead detail: when it was confirmed, or what not being confirmed means. */
export function statusNote(
  { status, confirmed_at }: Pick<LeadStanding, 'status' | 'confirmed_at'>,
  formatDateTime: (iso: string) => string,
): string {
  if (status === 'confirmed') return confirmed_at ? `Confirmed ${formatDateTime(confirmed_at)}` : 'Confirmed';
  return status === 'pending'
    ? 'Not confirmed yet: the spot is held for a limited time after joining.'
    : 'Not confirmed in time: the spot was given back.';
}
