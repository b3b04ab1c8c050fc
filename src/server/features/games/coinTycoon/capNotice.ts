import type { Deps } from '../../../platform/deps';
import { lastSeen } from '../../../platform/batching/lastSeen';
import { coinTycoon } from '../../../../shared/games/coinTycoon/meta';
import { TYCOON_OFFLINE_CAP_MS, type TycoonState } from '../../../../shared/games/coinTycoon/rules';
import { scheduleNotice } from '../../notifications/public';

/** The moment each player's notice was last scheduled for, in this process. */
const scheduled = lastSeen<number, number>(100_000);
/** A save that moves the moment by less than this leaves the notice where it is. */
const SLACK_MS = 5 * 60_000;

/**
 * Managers earn for TYCOON_OFFLINE_CAP_MS after the last settle and then stand still: the player
 * hears of it at that moment (a few minutes early at most, so a busy player's clicks do not each
 * move it). Only for a company with a manager: nothing else runs while the player is away.
 */
export async function scheduleCapNotice(deps: Deps, userId: number, state: TycoonState) {
  if (!Object.values(state.businesses).some((b) => b.managed && b.owned > 0)) return;
  const due = state.lastSettled + TYCOON_OFFLINE_CAP_MS;
  const seen = scheduled(deps.db);
  const before = seen.get(userId);
  if (before !== undefined && due - before < SLACK_MS && due >= before) return;
  await scheduleNotice(deps.db, {
    userId,
    key: 'tycoon-cap',
    kind: 'idle_full',
    dueAt: new Date(due),
    title: 'Your managers have stopped earning',
    body: `${coinTycoon.name} earns for ${TYCOON_OFFLINE_CAP_MS / 3_600_000} hours while you are away: come back to start again.`,
    link: `/games/${coinTycoon.slug}`,
  });
  seen.set(userId, due);
}
