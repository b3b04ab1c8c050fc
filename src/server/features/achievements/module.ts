import { defineModule } from '../../platform/module';
import { achievementHandlers } from './routes';
import { claimedAchievements } from './service';

export const achievementsModule = defineModule({
  name: 'achievements',
  handlers: (deps) => ({ achievements: achievementHandlers(deps) }),
  profile: async (q, userId) => ({ achievements: await claimedAchievements(q, userId) }),
});
