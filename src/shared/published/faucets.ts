// Free coins: every source that pays without a stake, with the most it pays in a UTC day and
// ever, from the constants and functions that pay it (and the task and achievement rewards set
// in the database).
import { STARTING_BALANCE } from '../constants';
import { FRENZY_HOURLY_LIMIT, FRENZY_REWARD, PUZZLE_RUSH_REWARD, SPINNER_IDS, SPINNER_INFO } from '../games/engine/catalog';
import { TYCOON_DAILY_COIN_MAX, TYCOON_DIVIDEND_COINS_PER_DECADE } from '../games/coinTycoon/rules';
import { firstKillCoins, IDLE_MAX_LIFETIME_COINS, IDLE_TOWER_BOSSES } from '../games/idleNgu/rules';
import { BEST_COINS_PER_ENERGY, ENERGY_START, mergeLabDailyCapRule } from '../games/mergeLab/rules';
import { QUIZ_DAILY_COINS_PER_RIGHT, QUIZ_QUESTIONS } from '../games/quizDuel/rules';
import { TRAITS } from '../games/virtualPet/catalog';
import { CLAIM_CRITTERS_COUNTED, claimTerms } from '../games/virtualPet/claim';
import { DAILY_MINIGAME_COIN_CAP } from '../games/virtualPet/minigames';
import { PUZZLE_TYPES } from '../games/puzzleRush/puzzles';
import { coins, row, table, type PublishedSectionDef } from './types';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
/** Spins, claims or hours that fit in one UTC day at this interval (the first at 00:00). */
const perDay = (intervalMs: number): number => Math.max(1, Math.ceil(DAY_MS / intervalMs));

/** The best claim any set of critters can make: every trait many times over, so each cap binds. */
const bestClaim = () => claimTerms(CLAIM_CRITTERS_COUNTED, Array.from({ length: 20 }, () => TRAITS.map((t) => t.key)).flat());

export const faucetsSection: PublishedSectionDef = {
  key: 'faucets',
  title: 'Free coins and their caps',
  build: ({ spinners, tasks, achievements }) => {
    const claim = bestClaim();
    const claimsPerDay = perDay(claim.cooldownMs);
    const spinnerRows = SPINNER_IDS.map((id) => {
      const most = Math.max(...spinners[id].rewardOptions);
      const { cooldownMs, title, interval } = SPINNER_INFO[id];
      const day = cooldownMs > DAY_MS ? `${coins(most)} (one spin a week)` : coins(most * perDay(cooldownMs));
      return row(id, title, `${interval}: up to ${coins(most)} a spin`, day, 'no cap');
    });
    return {
      notes: [
        'Gold (your coin balance) unless the row says pet coins. A reward multiplier adds to spinner, Click Frenzy, Puzzle Rush, task and achievement rewards, at most the price of each item used (see Items).',
      ],
      tables: [
        table('faucets', 'Every free source, with its caps', ['Source', 'Pays', 'Most in a UTC day', 'Most ever'], [
          row('starting-grant', 'New account', `${coins(STARTING_BALANCE)} once, when the account is made`, coins(STARTING_BALANCE), `${coins(STARTING_BALANCE)} per account`),
          ...spinnerRows,
          row('frenzy', 'Click Frenzy', `${coins(FRENZY_REWARD)} a click, ${coins(FRENZY_HOURLY_LIMIT)} clicks a clock hour`, coins(FRENZY_REWARD * FRENZY_HOURLY_LIMIT * perDay(HOUR_MS)), 'no cap'),
          row('puzzle-rush', 'Puzzle Rush', `${coins(PUZZLE_RUSH_REWARD)} a solved puzzle, ${PUZZLE_TYPES.length} puzzles a day`, coins(PUZZLE_RUSH_REWARD * PUZZLE_TYPES.length), 'no cap'),
          row('daily-tasks', 'Daily tasks', 'each once a UTC day', coins(tasks.daily), 'no cap'),
          row('weekly-tasks', 'Weekly tasks', 'each once a week (from Monday 00:00 UTC)', `${coins(tasks.weekly)} (once a week)`, 'no cap'),
          row('bonus-tasks', 'Bonus tasks', 'each once ever', coins(tasks.bonus), coins(tasks.bonus)),
          row('achievements', 'Achievements', 'each once ever', coins(achievements), coins(achievements)),
          row('daily-quiz', 'Daily quiz', `${QUIZ_DAILY_COINS_PER_RIGHT} a right answer, once a UTC day`, coins(QUIZ_DAILY_COINS_PER_RIGHT * QUIZ_QUESTIONS), 'no cap'),
          row(
            'tycoon-dividend',
            'Coin Tycoon dividend',
            `floor(${TYCOON_DIVIDEND_COINS_PER_DECADE} x log10(1 + bucks earned since the last claim)), once a UTC day`,
            coins(TYCOON_DAILY_COIN_MAX),
            'no cap',
          ),
          row(
            'idle-bosses',
            'Idle NGU bosses',
            `${firstKillCoins(0)} + ${firstKillCoins(1) - firstKillCoins(0)} x n for the first kill of boss n, of ${IDLE_TOWER_BOSSES}; later kills pay nothing`,
            coins(IDLE_MAX_LIFETIME_COINS),
            coins(IDLE_MAX_LIFETIME_COINS),
          ),
          row(
            'merge-lab',
            'Merge Lab orders and sales',
            mergeLabDailyCapRule().rule,
            coins(mergeLabDailyCapRule().coins),
            `${BEST_COINS_PER_ENERGY} x (${ENERGY_START} + energy regenerated since your first visit)`,
          ),
          row(
            'sanctuary-claim',
            'Sanctuary claim (pet coins)',
            `up to ${coins(claim.coins)} pet coins a claim, every ${claim.cooldownMs / HOUR_MS} hours at best`,
            `${coins(claim.coins * claimsPerDay)} pet coins`,
            'no cap',
          ),
          row('minigames', 'Pet mini-games (pet coins)', 'by score, bounded by the run’s length (see Pet mini-games)', `${coins(DAILY_MINIGAME_COIN_CAP)} pet coins`, 'no cap'),
        ]),
      ],
    };
  },
};
