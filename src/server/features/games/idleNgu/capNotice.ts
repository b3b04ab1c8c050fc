import type { Deps } from '../../../platform/deps';
import { lastSeen } from '../../../platform/batching/lastSeen';
import { idleNgu } from '../../../../shared/games/idleNgu/meta';
import { IDLE_OFFLINE_CAP_MS, type IdleState } from '../../../../shared/games/idleNgu/rules';
import { scheduleNotice } from '../../notifications/public';

/** The moment each player's notice was last scheduled for, in this process. */
const scheduled = lastSeen<number, number>(100_000);
/** A save that moves the moment by less than this leaves the notice where it is. */
const SLACK_MS = 5 * 60_000;

/**
 * Training runs for IDLE_OFFLINE_CAP_MS after the last settle and then stands still: the player
 * hears of it at that moment (a few minutes early at most, so a busy player's clicks do not each
 * move it). Only while some energy is allocated: otherwise nothing runs while the player is away.
 */
export async function scheduleCapNotice(deps: Deps, userId: number, state: IdleState) {
  if (!Object.values(state.allocations).some((n) => n > 0)) return;
  const due = state.lastSettleMs + IDLE_OFFLINE_CAP_MS;
  const seen = scheduled(deps.db);
  const before = seen.get(userId);
  if (before !== undefined && due - before < SLACK_MS && due >= before) return;
  await scheduleNotice(deps.db, {
    userId,
    key: 'idle-cap',
    kind: 'idle_full',
    dueAt: new Date(due),
    title: 'Your training has stopped',
    body: `${idleNgu.name} trains for ${IDLE_OFFLINE_CAP_MS / 3_600_000} hours while you are away: come back to start again.`,
    link: `/games/${idleNgu.slug}`,
  });
  seen.set(userId, due);
}
