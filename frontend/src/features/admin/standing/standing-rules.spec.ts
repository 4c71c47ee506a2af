import { describe, expect, it } from 'vitest';
import { LEAD_FLAGS, LEAD_STATUSES, REFERRAL_STANDINGS, type LeadReferral } from '../../../../../contracts/early-access/lead';
import {
  FLAG_LABELS,
  LEAD_STATUS_LABELS,
  REFERRAL_STANDING_LABELS,
  leadStatusClass,
  referralReason,
  referralStandingClass,
  statusNote,
  voidConsequence,
  voidTarget,
} from './standing-rules';

const referral = (status: LeadReferral['status'], reason: string | null = null): LeadReferral => ({
  referrer_code: 'ABC123',
  status,
  reason,
});

describe('labels', () => {
  it('names every status, referral standing and flag of the contract', () => {
    expect(LEAD_STATUSES.map((status) => LEAD_STATUS_LABELS[status])).toEqual(['Confirmed', 'Pending', 'Expired']);
    expect(REFERRAL_STANDINGS.map((status) => REFERRAL_STANDING_LABELS[status])).toEqual(['Pending', 'Credited', 'Refused', 'Voided']);
    expect(Object.keys(FLAG_LABELS).sort()).toEqual(Object.keys(LEAD_FLAGS).sort());
  });

  it('colours confirmed and credited green, pending yellow, refused red, expired and voided grey', () => {
    expect(leadStatusClass('confirmed')).toContain('bg-green-100');
    expect(leadStatusClass('pending')).toContain('bg-yellow-100');
    expect(leadStatusClass('expired')).toContain('bg-slate-100');
    expect(referralStandingClass('credited')).toContain('bg-green-100');
    expect(referralStandingClass('pending')).toContain('bg-yellow-100');
    expect(referralStandingClass('refused')).toContain('bg-red-100');
    expect(referralStandingClass('voided')).toContain('bg-slate-100');
  });
});

describe('voidTarget', () => {
  const lead = { id: 'l1', email: 'ada@example.com' };

  it.each(['pending', 'credited'] as const)('offers voiding a %s referral', (status) => {
    expect(voidTarget({ ...lead, referral: referral(status) })).toEqual({ ...lead, referral: referral(status) });
  });

  it.each(['refused', 'voided'] as const)('offers nothing for a %s referral', (status) => {
    expect(voidTarget({ ...lead, referral: referral(status, 'Why') })).toBeNull();
  });

  it('offers nothing for a lead that joined without a referral', () => {
    expect(voidTarget({ ...lead, referral: null })).toBeNull();
  });
});

describe('referralReason', () => {
  it("gives the API's reason for a refused or voided referral, none for one that counts or will", () => {
    expect(referralReason(referral('refused', 'Disposable e-mail domain'))).toBe('Disposable e-mail domain');
    expect(referralReason(referral('voided', 'Voided by an administrator on 2026-11-25'))).toBe('Voided by an administrator on 2026-11-25');
    expect(referralReason(referral('pending'))).toBeNull();
    expect(referralReason(referral('credited'))).toBeNull();
  });
});

describe('statusNote', () => {
  const format = (iso: string) => `<${iso}>`;

  it('dates a confirmation and says what pending and expired mean', () => {
    expect(statusNote({ status: 'confirmed', confirmed_at: '2026-11-25T09:05:00.000Z' }, format)).toBe(
      'Confirmed <2026-11-25T09:05:00.000Z>',
    );
    expect(statusNote({ status: 'pending', confirmed_at: null }, format)).toBe(
      'Not confirmed yet: the spot is held for a limited time after joining.',
    );
    expect(statusNote({ status: 'expired', confirmed_at: null }, format)).toBe('Not confirmed in time: the spot was given back.');
  });
});

describe('voidConsequence', () => {
  it('says a credited referral is taken back and a pending one will never count', () => {
    expect(voidConsequence('credited')).toMatch(/taken off their invites/);
    expect(voidConsequence('pending')).toMatch(/never will/);
  });
});
