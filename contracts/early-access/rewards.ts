/** The Early Explorers programme's constants (spec §9). */
export const EARLY_EXPLORERS_CAP = 100;

/** Reward tiers, unlocked by the number of friends who joined through a referral link. */
export const REWARD_TIERS = [
  { invites: 1, reward: 'Move up 10 places on the list' },
  { invites: 3, reward: 'Early beta access to every new tool' },
  { invites: 5, reward: '3 months free on any tool' },
  { invites: 10, reward: 'Lifetime access to a second tool' },
] as const;

export function isEarlyExplorer(position: number): boolean {
  return position <= EARLY_EXPLORERS_CAP;
}
