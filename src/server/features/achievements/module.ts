import { defineModule } from '../../platform/module';
import { noticeReachedAchievements } from './reached';
import { achievementHandlers } from './routes';
import { claimedPart } from './service';
import { ensureDefaultAchievements } from './seed';

export const achievementsModule = defineModule({
  name: 'achievements',
  handlers: (deps) => ({ achievements: achievementHandlers(deps) }),
  profile: claimedPart,
  sweeps: [
    {
      what: 'telling players of achievements they reached',
      everyMs: 60_000,
      run: (deps) => noticeReachedAchievements(deps),
    },
  ],
  seed: { first: async (tx) => void (await ensureDefaultAchievements(tx)) },
});
