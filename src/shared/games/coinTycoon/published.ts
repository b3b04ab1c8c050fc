// The tycoon's dividend, its one source of gold, and its daily most.
import { coins, row, type GamePublished } from '../../published/types';
import { TYCOON_DAILY_COIN_MAX, TYCOON_DIVIDEND_COINS_PER_DECADE } from './rules';

export const coinTycoonPublished: GamePublished = {
  faucets: () => [
    row(
      'tycoon-dividend',
      'Coin Tycoon dividend',
      `floor(${TYCOON_DIVIDEND_COINS_PER_DECADE} x log10(1 + bucks earned since the last claim)), once a UTC day`,
      coins(TYCOON_DAILY_COIN_MAX),
      'no cap',
    ),
  ],
};
