// Click Frenzy's row of free coins, from the constants the clicks pay by.
import { FRENZY_HOURLY_LIMIT, FRENZY_REWARD } from '../engine/catalog';
import { HOUR_MS, perDay } from '../../published/perDay';
import { coins, row, type GamePublished } from '../../published/types';

export const clickFrenzyPublished: GamePublished = {
  faucets: () => [
    row(
      'frenzy',
      'Click Frenzy',
      `${coins(FRENZY_REWARD)} a click, ${coins(FRENZY_HOURLY_LIMIT)} clicks a clock hour`,
      coins(FRENZY_REWARD * FRENZY_HOURLY_LIMIT * perDay(HOUR_MS)),
      'no cap',
    ),
  ],
};
