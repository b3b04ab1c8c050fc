// Quiz Duel's row among the staked games (the house's share of a pot, at a typical and the
// worst stake) and the daily quiz's row of free coins.
import { rational, sub, ONE, toPercentString, type Rational } from '../engine/rational';
import { SAME_ADDRESS_DAILY_WIN_CAP } from '../engine/sameAddress';
import { coins, row, type GamePublished } from '../../published/types';
import {
  QUIZ_DAILY_COINS_PER_RIGHT,
  QUIZ_DAILY_WIN_CAP,
  QUIZ_MAX_STAKE,
  QUIZ_MIN_STAKE,
  QUIZ_PRIZE_RULE,
  QUIZ_QUESTIONS,
  QUIZ_WINNER_SHARE_PERCENT,
  quizPayout,
} from './rules';

/** The house's share of a duel pot of two stakes, as the payout function leaves it. */
const quizHouseShare = (stake: number): Rational =>
  sub(ONE, rational(quizPayout(stake), 2 * stake));

/** The stake, among all Quiz Duel accepts, at which flooring leaves the house the most (the lowest payout per coin of pot). */
function quizWorstStake(): number {
  let worst = QUIZ_MIN_STAKE;
  for (let stake = QUIZ_MIN_STAKE + 1; stake <= QUIZ_MAX_STAKE; stake++) {
    if (quizPayout(stake) * worst < quizPayout(worst) * stake) worst = stake;
  }
  return worst;
}

export const quizDuelPublished: GamePublished = {
  faucets: () => [
    row(
      'daily-quiz',
      'Daily quiz',
      `${QUIZ_DAILY_COINS_PER_RIGHT} a right answer, once a UTC day`,
      coins(QUIZ_DAILY_COINS_PER_RIGHT * QUIZ_QUESTIONS),
      'no cap',
    ),
  ],
  returns: () => {
    const typical = 1000;
    const worst = quizWorstStake();
    return [
      row(
        'quiz-duel',
        'Quiz Duel',
        `stake ${coins(QUIZ_MIN_STAKE)} to ${coins(QUIZ_MAX_STAKE)}, two players`,
        `${QUIZ_WINNER_SHARE_PERCENT}% of the pot to the winner, or more`,
        `${toPercentString(quizHouseShare(typical))} at stake ${coins(typical)}; at most ${toPercentString(quizHouseShare(worst))} at any stake`,
        `${QUIZ_PRIZE_RULE} ` +
          `Net winnings are capped at ${coins(QUIZ_DAILY_WIN_CAP)} a UTC day; two accounts on one address win at most ${coins(SAME_ADDRESS_DAILY_WIN_CAP)} a day from each other.`,
      ),
    ];
  },
};
