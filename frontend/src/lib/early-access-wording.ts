/**
 * The words of every invitation that opens the lead dialog, in the Early Explorers programme's two modes
 * (spec §4): while spots remain, to claim one; once all 100 are taken, to join the wait-list. One source, so
 * that no page keeps offering a spot that is gone. The server writes the status into every page's initial
 * data, so the first render (on the server too) already has the right words.
 */
import useSWR from 'swr';
import { earlyAccessStatusKey } from '../../../contracts/early-access/keys';
import { EARLY_EXPLORERS_CAP } from '../../../contracts/early-access/rewards';
import type { EarlyAccessMode, EarlyAccessStatus } from '../../../contracts/early-access/waitlist';

export interface EarlyAccessWording {
  /** The header's and the mobile menu's button, and the About page's. */
  join: string;
  /** The home page's hero button. */
  hero: string;
  /** The category page's box: its title, text and button. */
  boxTitle: string;
  boxText: string;
  claim: string;
  /** The banner at the foot of an app page: its text and button. */
  bannerText: string;
  bannerButton: string;
  /** The lead dialog's title and description. */
  dialogTitle: string;
  dialogDescription: string;
  /** How the home page's description (search results, link previews) ends: '…, and {invitation}.' */
  invitation: string;
}

const WAITLIST_INVITATION = 'Join the wait-list and we will let you in as soon as there is room.';

export function earlyAccessWording(mode: EarlyAccessMode, cap = EARLY_EXPLORERS_CAP): EarlyAccessWording {
  if (mode === 'waitlist') {
    return {
      join: 'Join the Wait-list',
      hero: 'Join the Wait-list',
      boxTitle: 'Early Explorer spots are taken',
      boxText: WAITLIST_INVITATION,
      claim: 'Join the Wait-list',
      bannerText: `All ${cap} Early Explorer spots are taken. ${WAITLIST_INVITATION}`,
      bannerButton: 'Join the Wait-list',
      dialogTitle: 'Join the wait-list',
      dialogDescription: `All ${cap} Early Explorer spots are taken. ${WAITLIST_INVITATION}`,
      invitation: 'join the wait-list for early access',
    };
  }
  return {
    join: 'Join Explorers',
    hero: `Join ${cap} Early Explorers`,
    boxTitle: 'Early Explorer Access',
    boxText: `The first ${cap} sign-ups get lifetime access to one app, free of payment.`,
    claim: 'Claim Spot',
    bannerText: `The first ${cap} Early Explorers get lifetime access to one app, free. Claim your spot before it is gone.`,
    bannerButton: `Join ${cap} Early Explorers`,
    dialogTitle: `Join ${cap} Early Explorers`,
    dialogDescription: `The first ${cap} explorers get lifetime access to one app, free.`,
    invitation: `join ${cap} Early Explorers`,
  };
}

/**
 * The wording for a status as the server writes it into every page. Without one (it could not be read), the
 * Early Explorers' words, which the lead dialog then corrects.
 */
export function wordingFor(status: EarlyAccessStatus | undefined): EarlyAccessWording {
  return earlyAccessWording(status?.mode ?? 'early-explorers', status?.cap);
}

/**
 * The wording for the status this page was rendered with, or the lead dialog or a join fetched since. It
 * does not fetch the status itself: every page would ask on load for what the server already wrote in.
 */
export function useEarlyAccessWording(): EarlyAccessWording {
  const { data } = useSWR<EarlyAccessStatus>(earlyAccessStatusKey, { revalidateOnMount: false, revalidateIfStale: false });
  return wordingFor(data);
}
