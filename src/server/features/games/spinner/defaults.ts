import type { SpinnerId } from '../../../../shared/games/engine/catalog';
import type { SpinnerTable } from '../../../../shared/games/spinner/rules';

const WEIGHTS = [35, 30, 18, 10, 5, 2];

/**
 * The wheels' reward tables until an admin edits one (spinner_tables). Same weights on every
 * wheel, rewards scaled to the wait; the expected values the fairness page publishes are
 * computed from these by shared/games/engine/rtp.ts: 23.35, 106.75, 242.50 and 1,117.50 coins a
 * spin.
 */
export const DEFAULT_SPINNER_TABLES: Readonly<Record<SpinnerId, SpinnerTable>> = {
  spinner: { rewardOptions: [5, 10, 20, 50, 100, 250], weights: WEIGHTS },
  spinner12: { rewardOptions: [25, 50, 100, 200, 500, 1000], weights: WEIGHTS },
  spinnerDaily: { rewardOptions: [50, 100, 250, 500, 1000, 2500], weights: WEIGHTS },
  spinnerWeekly: { rewardOptions: [250, 500, 1000, 2500, 5000, 10000], weights: WEIGHTS },
};
