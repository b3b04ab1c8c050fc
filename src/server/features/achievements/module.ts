import { defineModule } from '../../platform/module';
import { achievementHandlers } from './routes';
import { claimedPart } from './service';
import { ensureDefaultAchievements } from './seed';

export const achievementsModule = defineModule({
  name: 'achievements',
  handlers: (deps) => ({ achievements: achievementHandlers(deps) }),
  profile: claimedPart,
  seed: { first: async (tx) => void (await ensureDefaultAchievements(tx)) },
});
