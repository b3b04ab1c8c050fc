import { defineModule } from '../../platform/module';
import { claimedAchievements } from './service';

export const achievementsModule = defineModule({
  name: 'achievements',
  profile: async (q, userId) => ({ achievements: await claimedAchievements(q, userId) }),
});
