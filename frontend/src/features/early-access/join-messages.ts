/**
 * What the site tells a visitor who has just joined, wherever the join happened (the lead dialog, the VIP-list
 * form, the quiz). Whether they are an Early Explorer is the server's answer, not their position: places that
 * go unconfirmed are given back, so a position over 100 can still be one. Type imports only: the quiz and the
 * join result load this from separate chunks.
 */
import type { JoinWaitlistResult } from '../../../../contracts/early-access/waitlist';

export function placeText({ position, earlyExplorer }: Pick<JoinWaitlistResult, 'position' | 'earlyExplorer'>): string {
  return earlyExplorer ? `You're Explorer #${position}` : `You're #${position} on the wait-list`;
}

/**
 * The spot is kept, and invites count, only once the address is confirmed (the link in the welcome e-mail).
 * One who had joined before from this browser got that e-mail then, and may have confirmed already.
 */
export function confirmReminder(alreadyJoined: boolean): string {
  return alreadyJoined
    ? "If you haven't yet, confirm your address from our welcome e-mail to keep your spot; invites count once your friends confirm theirs."
    : 'Check your inbox and confirm your address to keep your spot; invites count once your friends confirm theirs.';
}
