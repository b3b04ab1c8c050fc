// Games that take stakes: each bet's return and the house's share, from the code that pays.
import { QUIZ_DAILY_WIN_CAP, QUIZ_MAX_STAKE, QUIZ_MIN_STAKE, QUIZ_PRIZE_RULE, QUIZ_WINNER_SHARE_PERCENT, quizPayout } from '../games/quizDuel/rules';
import { rational, sub, ONE, toPercentString, type Rational } from '../games/engine/rational';
import { RPS_MAX_BUY_IN, rpsSplit } from '../games/rps/rules';
import { gameRtps, slotsPayRows } from '../games/engine/rtp';
import { SAME_ADDRESS_DAILY_WIN_CAP } from '../games/engine/sameAddress';
import { slotsHitRate, slotsRtp } from '../games/casino/slots';
import { coins, row, table, type PublishedSectionDef } from './types';

const GAME_NAMES: Record<string, string> = { 'coin-flip': 'Coin flip', roulette: 'Roulette', slots: 'Slots', minefield: 'Minefield', 'mystery-box': 'Mystery box' };

/** The house's share of a duel pot of two stakes, as the payout function leaves it. */
const quizHouseShare = (stake: number): Rational => sub(ONE, rational(quizPayout(stake), 2 * stake));

/** The stake, among all Quiz Duel accepts, at which flooring leaves the house the most (the lowest payout per coin of pot). */
function quizWorstStake(): number {
  let worst = QUIZ_MIN_STAKE;
  for (let stake = QUIZ_MIN_STAKE + 1; stake <= QUIZ_MAX_STAKE; stake++) {
    if (quizPayout(stake) * worst < quizPayout(worst) * stake) worst = stake;
  }
  return worst;
}

export const returnsSection: PublishedSectionDef = {
  key: 'returns',
  title: 'Games that take stakes',
  fixed: true,
  build: () => {
    const rtps = gameRtps().map((r) => row(`${r.game}-${r.variant}`, GAME_NAMES[r.game] ?? r.game, r.variant, r.percent, r.houseEdgePercent, r.notes.join(' ')));
    const typical = 1000;
    const worst = quizWorstStake();
    const rpsShare = sub(ONE, rational(rpsSplit(typical).winner + rpsSplit(typical).loser, 2 * typical));
    return {
      notes: [
        'Return is what a bet pays back on average per coin staked, exact (from every outcome the fair stream can give); the house share is the rest.',
        'Reward multipliers do not boost any of these: they boost free rewards only (see Items).',
      ],
      tables: [
        table('returns', 'Return and house share of every bet', ['Game', 'Bet', 'Return', 'House share', 'How'], [
          ...rtps,
          row(
            'quiz-duel',
            'Quiz Duel',
            `stake ${coins(QUIZ_MIN_STAKE)} to ${coins(QUIZ_MAX_STAKE)}, two players`,
            `${QUIZ_WINNER_SHARE_PERCENT}% of the pot to the winner, or more`,
            `${toPercentString(quizHouseShare(typical))} at stake ${coins(typical)}; at most ${toPercentString(quizHouseShare(worst))} at any stake`,
            `${QUIZ_PRIZE_RULE} ` +
              `Net winnings are capped at ${coins(QUIZ_DAILY_WIN_CAP)} a UTC day; two accounts on one address win at most ${coins(SAME_ADDRESS_DAILY_WIN_CAP)} a day from each other.`,
          ),
          row(
            'rps',
            'Rock-paper-scissors',
            `buy-in up to ${coins(RPS_MAX_BUY_IN)}, two players`,
            'the whole pot to the winner; a draw refunds both',
            toPercentString(rpsShare),
            `The winner gets both buy-ins, the house nothing; two accounts on one address win at most ${coins(SAME_ADDRESS_DAILY_WIN_CAP)} a day from each other (the rest goes back to the loser).`,
          ),
        ]),
      ],
    };
  },
};

export const slotsSection: PublishedSectionDef = {
  key: 'slots',
  title: 'Slots pay table',
  fixed: true,
  build: () => ({
    notes: [
      `Three reels of 21 stops; every one of the 9,261 stop combinations counted: return ${toPercentString(slotsRtp())}, a win on ${toPercentString(slotsHitRate())} of spins. ` +
        'A line pays its multiple of the stake, the stake included; cherries count in any position.',
    ],
    tables: [
      table(
        'slots-pay',
        'Slots lines, best first',
        ['Line', 'Pays', 'Ways of 9,261', 'Chance'],
        slotsPayRows().map((line) => row(line.combo, line.symbols, `${line.multiplier}x`, coins(line.ways), line.percent)),
      ),
    ],
  }),
};
