// The pet area: mini-game bounds, the sanctuary claim's terms and odds, the gacha's rates and the
// breeding rules (DESIGN.md section 8), from the code that draws and pays them.
import {
  BREED_COOLDOWN_MS,
  BREED_PRICE_RULE,
  breedPrices,
  HATCH_MS,
  INHERIT_PCT,
  MUTATION_PCT,
} from './breeding';
import { goodOf, RARITIES } from './catalog';
import {
  CLAIM_BASE_COINS,
  CLAIM_COIN_BONUS_CAP_PCT,
  CLAIM_COINS_PER_CRITTER,
  CLAIM_COOLDOWN_CUT_CAP_PCT,
  CLAIM_CRITTERS_COUNTED,
  CLAIM_EXTRA_FOOD_CAP,
  CLAIM_EXTRA_TOYS_CAP,
  CLAIM_FOOD_DRAWS,
  CLAIM_FOOD_TABLE,
  CLAIM_INTERVAL_MS,
  CLAIM_SHARDS,
  CLAIM_TOY_DRAWS,
  CLAIM_TOY_TABLE,
  drawOdds,
  type DrawTable,
} from './claim';
import {
  GACHA_POOLS,
  PITY_LIMIT,
  TRAIT_CHANCE_PCT,
  expectedPullsText,
  publishedRates,
} from './gacha';
import {
  COINS_PER_10_POINTS,
  COUNTDOWN_MS,
  CRITTER_MATCH_MIN_MS,
  CRITTER_MATCH_SCORE,
  DAILY_MINIGAME_COIN_CAP,
  EXP_PER_POINT,
  MINIGAME_TRAIT_CAP_PCT,
  MINIGAMES,
  POINTS_PER_SECOND,
  RUN_TTL_MS,
  type Minigame,
} from './minigames';
import {
  coins,
  row,
  table,
  type GamePublished,
  type PublishedSectionDef,
  type PublishedTable,
} from '../../published/types';
import { HOUR_MS, perDay } from '../../published/perDay';
import { TRAITS } from './catalog';
import { claimTerms } from './claim';

const hours = (ms: number): string => `${ms / 3_600_000} h`;

const MINIGAME_NAMES: Record<Minigame, string> = {
  'coin-catcher': 'Coin catcher',
  'critter-match': 'Critter Match',
  'dodge-n-dash': 'Dodge n Dash',
};

function scoreBound(game: Minigame): string {
  if (game === 'critter-match')
    return `exactly ${CRITTER_MATCH_SCORE} for a cleared board, and only if the run lasted at least ${CRITTER_MATCH_MIN_MS / 1000} s`;
  return `${POINTS_PER_SECOND[game]} points a second of play (the ${COUNTDOWN_MS / 1000} s countdown excluded), plus 1`;
}

const minigamesSection: PublishedSectionDef = {
  key: 'minigames',
  title: 'Pet mini-games',
  fixed: true,
  build: () => ({
    notes: [
      `The browser plays, so a score is a claim: the server times each run (start to complete, at most ${RUN_TTL_MS / 60_000} minutes) and counts at most the bound below. ` +
        `It pays ${COINS_PER_10_POINTS} pet coin per 10 points and ${EXP_PER_POINT} experience per point (traits add at most +${MINIGAME_TRAIT_CAP_PCT}% to each), ` +
        `and at most ${coins(DAILY_MINIGAME_COIN_CAP)} pet coins a UTC day from all mini-games together.`,
    ],
    tables: [
      table(
        'minigame-bounds',
        'The most a run can score',
        ['Game', 'Score counted at most'],
        MINIGAMES.map((g) => row(g, MINIGAME_NAMES[g], scoreBound(g))),
      ),
    ],
  }),
};

function oddsTable(key: string, caption: string, draws: DrawTable): PublishedTable {
  return table(
    key,
    caption,
    ['Good', 'Weight', 'Chance per draw'],
    drawOdds(draws).map((o) => {
      const good = goodOf(o.key);
      return row(
        o.key,
        good ? `${good.emoji} ${good.name}` : o.key,
        coins(o.weight),
        `${o.percent}%`,
      );
    }),
  );
}

const sanctuarySection: PublishedSectionDef = {
  key: 'sanctuary-claim',
  title: 'Sanctuary claim',
  fixed: true,
  build: () => ({
    notes: [
      `Each claim pays ${CLAIM_BASE_COINS} pet coins plus ${CLAIM_COINS_PER_CRITTER} per critter (up to ${CLAIM_CRITTERS_COUNTED}), plus the critters' coin traits ` +
        `(at most +${CLAIM_COIN_BONUS_CAP_PCT}%), and ${CLAIM_SHARDS} shards. It draws ${CLAIM_FOOD_DRAWS} foods and ${CLAIM_TOY_DRAWS} toy from the tables below, ` +
        `plus one more draw per food or toy trait point (at most +${CLAIM_EXTRA_FOOD_CAP} foods and +${CLAIM_EXTRA_TOYS_CAP} toys). Claims open every ${hours(CLAIM_INTERVAL_MS)}; ` +
        `cooldown traits cut that by at most ${CLAIM_COOLDOWN_CUT_CAP_PCT}%. Reward multipliers do not boost it.`,
      'Every claim is a round of your fair stream: float i picks draw i, foods first; verify it above as a Sanctuary claim.',
    ],
    tables: [
      oddsTable('claim-foods', 'Foods', CLAIM_FOOD_TABLE),
      oddsTable('claim-toys', 'Toys', CLAIM_TOY_TABLE),
    ],
  }),
};

const gachaSection: PublishedSectionDef = {
  key: 'pet-odds',
  title: 'Gacha and breeding',
  fixed: true,
  build: () => ({
    notes: [
      'Each pull is a round of your fair stream: float 0 picks the rarity, float 1 the species of that rarity, float 2 its variant, float 3 whether it has a trait and float 4 which. ' +
        `Pity counts the pulls on a pool since your last Legendary or better: pull ${PITY_LIMIT} is Legendary or better, in their relative odds. ` +
        `The consolidated rates are exact, from the Markov chain over the ${PITY_LIMIT} pity states; the worst case is ${PITY_LIMIT} pulls.`,
      `${BREED_PRICE_RULE} Breeding draws the child when the parents breed, as one round: ` +
        `float 0 picks the parent whose species and variant it takes (50/50), float 1 a mutation to another variant (${MUTATION_PCT}%), float 2 which, ` +
        `then one float per parent trait (${INHERIT_PCT}% each to pass). The child's rarity is the lower of the parents', its generation the higher plus one. ` +
        `Eggs hatch after ${RARITIES.map((r) => `${hours(HATCH_MS[r])} (${r})`).join(', ')}; parents then rest ${hours(BREED_COOLDOWN_MS)}.`,
    ],
    tables: [
      table(
        'breeding-prices',
        "Breeding prices, by the child's rarity",
        ['Rarity', 'Gold', 'Pet coins', 'Gacha, on average'],
        breedPrices().map((p) =>
          row(
            p.rarity,
            p.rarity,
            coins(p.gold),
            coins(p.petCoins),
            `${coins(p.gachaGold)} gold (${p.gachaPool})`,
          ),
        ),
      ),
      ...GACHA_POOLS.map((pool) =>
        table(
          `gacha-${pool.id}`,
          `${pool.emoji} ${pool.name}: ${coins(pool.cost)} gold a pull, a Legendary or better in ${expectedPullsText(pool)} pulls on average`,
          ['Rarity', 'Base rate', 'With pity', 'Trait chance'],
          publishedRates(pool).map((r) =>
            row(r.rarity, r.rarity, r.base, r.consolidated, `${TRAIT_CHANCE_PCT[r.rarity]}%`),
          ),
        ),
      ),
    ],
  }),
};

/** The best claim any set of critters can make: every trait many times over, so each cap binds. */
const bestClaim = () =>
  claimTerms(
    CLAIM_CRITTERS_COUNTED,
    Array.from({ length: 20 }, () => TRAITS.map((t) => t.key)).flat(),
  );

export const virtualPetPublished: GamePublished = {
  faucets: () => {
    const claim = bestClaim();
    return [
      row(
        'sanctuary-claim',
        'Sanctuary claim (pet coins)',
        `up to ${coins(claim.coins)} pet coins a claim, every ${claim.cooldownMs / HOUR_MS} hours at best`,
        `${coins(claim.coins * perDay(claim.cooldownMs))} pet coins`,
        'no cap',
      ),
      row(
        'minigames',
        'Pet mini-games (pet coins)',
        'by score, bounded by the run’s length (see Pet mini-games)',
        `${coins(DAILY_MINIGAME_COIN_CAP)} pet coins`,
        'no cap',
      ),
    ];
  },
  sections: [minigamesSection, sanctuarySection, gachaSection],
};
