/**
 * Each lead with its standing, as the admin's list and lead detail show it (contracts/early-access/lead.ts):
 * its status (confirmed, pending, expired), the patterns it is flagged for, and how its referral stands. One
 * query over the leads table; the flags that compare leads (same mailbox, referral bursts, referral domains)
 * are counts over it. A flag never refuses anyone: the administrator decides (voiding a referral, deleting a lead).
 */
import { sql } from 'kysely';
import {
  LEAD_FLAGS,
  REFERRAL_REFUSALS,
  type Lead,
  type LeadFlag,
  type LeadReferral,
  type LeadStatus,
  type ReferralRefusal,
} from '../../../../contracts/early-access/lead.js';
import type { Db } from '../../shared/db/tables.js';
import { domainOf, PUBLIC_MAIL_DOMAINS } from './public-mail-domains.js';

/** Referrals to one code from one client address or one session within this window are flagged… */
export const REFERRAL_BURST_WINDOW_MINUTES = 10;
/** …when there are at least this many of them. */
export const REFERRAL_BURST_MIN = 3;
/**
 * Confirmed friends of one referrer (any of its codes) at one domain that is not a public mail provider are
 * flagged when there are at least this many of them: a catch-all domain makes endless addresses.
 */
export const REFERRAL_DOMAIN_MIN = 3;

export interface LeadStandingRow {
  id: string;
  email: string;
  source_page: string | null;
  created_at: Date;
  waitlist_position: number;
  referral_code: string;
  status: LeadStatus;
  confirmed_at: Date | null;
  disposable_email: boolean;
  undeliverable_reason: string | null;
  same_mailbox: number;
  burst: number;
  /** Confirmed friends of this lead's referrer at this lead's domain, this lead included when confirmed. */
  same_domain: number;
  referred_by: string | null;
  referral_refused: string | null;
  referral_credited: boolean;
  referral_voided_at: Date | null;
}

/**
 * These leads with what their standing is made of, in no particular order. The flags that compare a lead
 * with the others are counted per lead through the mailbox and referrer indexes, so a page of leads costs
 * the same whatever the length of the list.
 */
export async function leadStandings(db: Db, confirmationDays: number, ids: readonly string[]): Promise<LeadStandingRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<LeadStandingRow>`
    select id, email, source_page, created_at, waitlist_position, referral_code, confirmed_at, disposable_email,
      undeliverable_reason, referred_by, referral_refused, referral_credited, referral_voided_at,
      (select count(*) from leads o where o.mailbox = l.mailbox)::int as same_mailbox,
      case when l.referred_by is null then 0 else greatest(
        (select count(*) from leads o where o.referred_by = l.referred_by and o.client_key = l.client_key
           and abs(extract(epoch from o.created_at - l.created_at)) <= ${REFERRAL_BURST_WINDOW_MINUTES * 60}),
        (select count(*) from leads o where o.referred_by = l.referred_by and o.session_id = l.session_id
           and abs(extract(epoch from o.created_at - l.created_at)) <= ${REFERRAL_BURST_WINDOW_MINUTES * 60})
      ) end::int as burst,
      case when l.referred_by is null or l.confirmed_at is null then 0 else (
        select count(*) from leads o
        where o.referred_by in (
            select c.code from referral_codes c
            where c.owner_email = (select r.owner_email from referral_codes r where r.code = l.referred_by))
          and o.confirmed_at is not null
          and split_part(o.email, '@', 2) = split_part(l.email, '@', 2)
      ) end::int as same_domain,
      case
        when confirmed_at is not null then 'confirmed'
        when created_at > now() - make_interval(days => ${confirmationDays}) then 'pending'
        else 'expired'
      end as status
    from leads l
    where l.id = any(${[...ids]}::uuid[])`.execute(db);
  return rows;
}

export function flagsOf(row: LeadStandingRow): LeadFlag[] {
  const flags: LeadFlag[] = [];
  if (row.disposable_email) flags.push({ code: 'disposable', reason: LEAD_FLAGS.disposable });
  if (row.same_mailbox > 1) {
    flags.push({ code: 'same-mailbox', reason: `${LEAD_FLAGS['same-mailbox']}: ${row.same_mailbox} leads` });
  }
  if (row.referred_by !== null && row.burst >= REFERRAL_BURST_MIN) {
    flags.push({ code: 'referral-burst', reason: `${LEAD_FLAGS['referral-burst']}: ${row.burst} referrals` });
  }
  if (row.same_domain >= REFERRAL_DOMAIN_MIN && !PUBLIC_MAIL_DOMAINS.has(domainOf(row.email))) {
    flags.push({ code: 'referral-domain', reason: `${LEAD_FLAGS['referral-domain']}: ${row.same_domain} referrals` });
  }
  if (row.undeliverable_reason !== null) {
    flags.push({ code: 'undeliverable', reason: `${LEAD_FLAGS.undeliverable}: ${row.undeliverable_reason}` });
  }
  return flags;
}

export function referralOf(row: LeadStandingRow): LeadReferral | null {
  if (row.referred_by === null) return null;
  const referral = { referrer_code: row.referred_by };
  if (row.referral_voided_at !== null) {
    return { ...referral, status: 'voided', reason: `Voided by an administrator on ${row.referral_voided_at.toISOString().slice(0, 10)}` };
  }
  if (row.referral_refused !== null) {
    return { ...referral, status: 'refused', reason: REFERRAL_REFUSALS[row.referral_refused as ReferralRefusal] ?? row.referral_refused };
  }
  return { ...referral, status: row.referral_credited ? 'credited' : 'pending', reason: null };
}

/** The row as the admin's list returns it. */
export function toLead(row: LeadStandingRow): Lead {
  return {
    id: row.id,
    email: row.email,
    source_page: row.source_page,
    created_at: row.created_at.toISOString(),
    position: row.waitlist_position,
    status: row.status,
    confirmed_at: row.confirmed_at?.toISOString() ?? null,
    flags: flagsOf(row),
    referral: referralOf(row),
  };
}
