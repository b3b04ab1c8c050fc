// Rock-paper-scissors among the staked games: the winner takes the pot, the house nothing.
import { rational, sub, ONE, toPercentString } from '../engine/rational';
import { SAME_ADDRESS_DAILY_WIN_CAP } from '../engine/sameAddress';
import { coins, row, type GamePublished } from '../../published/types';
import { RPS_MAX_BUY_IN, rpsSplit } from './rules';

export const rpsPublished: GamePublished = {
  returns: () => {
    const typical = 1000;
    const rpsShare = sub(
      ONE,
      rational(rpsSplit(typical).winner + rpsSplit(typical).loser, 2 * typical),
    );
    return [
      row(
        'rps',
        'Rock-paper-scissors',
        `buy-in up to ${coins(RPS_MAX_BUY_IN)}, two players`,
        'the whole pot to the winner; a draw refunds both',
        toPercentString(rpsShare),
        `The winner gets both buy-ins, the house nothing; two accounts on one address win at most ${coins(SAME_ADDRESS_DAILY_WIN_CAP)} a day from each other (the rest goes back to the loser).`,
      ),
    ];
  },
};
