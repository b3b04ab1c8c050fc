import { defineModule } from '../../platform/module';
import { achievementHandlers } from './routes';
import { claimedAchievements } from './service';
import { ensureDefaultAchievements } from './seed';

export const achievementsModule = defineModule({
  name: 'achievements',
  handlers: (deps) => ({ achievements: achievementHandlers(deps) }),
  profile: async (q, userId) => ({ achievements: await claimedAchievements(q, userId) }),
  seed: { first: async (tx) => void (await ensureDefaultAchievements(tx)) },
});
