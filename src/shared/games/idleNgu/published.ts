// The idle trainer's bosses: the first kill of each pays once, so its gold has a lifetime cap.
import { coins, row, type GamePublished } from '../../published/types';
import { firstKillCoins, IDLE_MAX_LIFETIME_COINS, IDLE_TOWER_BOSSES } from './rules';

export const idleNguPublished: GamePublished = {
  faucets: () => [
    row(
      'idle-bosses',
      'Idle NGU bosses',
      `${firstKillCoins(0)} + ${firstKillCoins(1) - firstKillCoins(0)} x n for the first kill of boss n, of ${IDLE_TOWER_BOSSES}; later kills pay nothing`,
      coins(IDLE_MAX_LIFETIME_COINS),
      coins(IDLE_MAX_LIFETIME_COINS),
    ),
  ],
};
