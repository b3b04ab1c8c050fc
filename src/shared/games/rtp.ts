// The fairness page's figures (DESIGN.md section 5), computed by the same functions that pay, so
// a pay-table change cannot leave a stale number on the page.
import { BUFF_EXTRA_PRICE_MULTIPLE, REWARD_MULTIPLIER_CAP } from './items';
import { minefieldRtpWithForgiveness } from './minefield';
import { mul, sub, toDecimalString, toFractionString, toNumber, toPercentString } from './rational';
import { MAX_MULTIPLIER, rtpWithRewardMultiplier, type PublishedRtp } from './roundGame';
import { ROUND_GAME_DEFS } from './roundGames';
import { sliceProbability, spinnerExpectedValue, type SpinnerTable } from './spinner';
import {
  SLOT_EMOJI,
  SLOTS_MAX_LUCK,
  slotsHitRateWithLuck,
  slotsPayTable,
  slotsRtp,
  slotsRtpWithLuck,
  type SlotCombo,
  type SlotSymbol,
} from './slots';

export { rtpWithRewardMultiplier, type PublishedRtp } from './roundGame';

/** Every wagered game's published return, house edge and notes, in the list's order. */
export function gameRtps(): PublishedRtp[] {
  return ROUND_GAME_DEFS.flatMap((def) => ('rtp' in def && def.rtp ? def.rtp() : []));
}

export interface SlotsPayRow {
  combo: SlotCombo;
  /** The line as emoji; '🍒 🍒 ·' style for the cherry lines, '·' meaning any other symbol. */
  symbols: string;
  multiplier: number;
  /** Stop combinations out of 9,261 that land it. */
  ways: number;
  percent: string;
}

/** The slots pay table with each line's exact odds, best line first. */
export function slotsPayRows(): SlotsPayRow[] {
  const cherry = SLOT_EMOJI.cherry;
  const symbolsOf = (combo: SlotCombo): string => {
    if (combo === 'two-cherries') return `${cherry} ${cherry} ·`;
    if (combo === 'one-cherry') return `${cherry} · ·`;
    const emoji = SLOT_EMOJI[combo.slice('three-'.length) as SlotSymbol];
    return `${emoji} ${emoji} ${emoji}`;
  };
  return slotsPayTable().map((line) => ({
    combo: line.combo,
    symbols: symbolsOf(line.combo),
    multiplier: line.multiplier,
    ways: line.ways,
    percent: toPercentString(line.probability, 3),
  }));
}

export interface SpinnerExpectation {
  id: string;
  /** Expected coins per spin, exact, e.g. '245/4'. */
  fraction: string;
  value: number;
  /** Rounded to 2 decimals, e.g. '61.25'. */
  coins: string;
  /** With reward multipliers at their 3x cap, before the per-buff coin cap. */
  coinsAtMaxRewardMultiplier: string;
  slices: { reward: number; weight: number; percent: string }[];
}

export function spinnerExpectation(id: string, table: SpinnerTable): SpinnerExpectation {
  const ev = spinnerExpectedValue(table);
  return {
    id,
    fraction: toFractionString(ev),
    value: toNumber(ev),
    coins: toDecimalString(ev, 2),
    coinsAtMaxRewardMultiplier: toDecimalString(mul(ev, MAX_MULTIPLIER), 2),
    slices: table.rewardOptions.map((reward, i) => ({
      reward,
      weight: table.weights[i] ?? 0,
      percent: toPercentString(sliceProbability(table, i)),
    })),
  };
}

export type ItemEffectType = 'reward-multiplier' | 'slots-luck' | 'extra-safe-click' | 'mine-reduction';

export interface ItemEffect {
  effectType: ItemEffectType;
  rule: string;
  rtpEffect: string;
}

/** What each power-up does to a game's return, as the fairness page states it. */
export function itemEffects(): ItemEffect[] {
  const slots0 = slotsRtp();
  const luck = SLOTS_MAX_LUCK;
  const luckRtp = slotsRtpWithLuck(luck);
  const luckProfit = sub(luckRtp, slotsHitRateWithLuck(luck));
  const slotsWorst = rtpWithRewardMultiplier(luckRtp, luckProfit, MAX_MULTIPLIER);
  // The largest return one forgiven click can buy before its cap: 2 mines on 12 x 12, every safe cell.
  const forgivenWorst = minefieldRtpWithForgiveness(144, 2, 142, 1);
  const boosted = gameRtps()
    .map((entry) => `${entry.game} ${entry.variant} ${entry.game === 'minefield' ? 'below ' : ''}${entry.percentAtMaxRewardMultiplier}`)
    .join(', ');
  return [
    {
      effectType: 'reward-multiplier',
      rule:
        `Multiplies free rewards and the profit of won stakes; buffs combine by product, capped at ${REWARD_MULTIPLIER_CAP}x; ` +
        `the extra coins one buff adds are capped at ${BUFF_EXTRA_PRICE_MULTIPLE}x its price, then it ends.`,
      rtpEffect:
        `A round returns RTP + (R - 1) x expected profit; at 3x: ${boosted}. ` +
        `Over a buff's life it adds at most ${BUFF_EXTRA_PRICE_MULTIPLE}x its price in coins, ` +
        `so the return over stakes S is at most the game's RTP + ${BUFF_EXTRA_PRICE_MULTIPLE} x price / S.`,
    },
    {
      effectType: 'slots-luck',
      rule: `Buffs add up, capped at +${luck}%: a losing spin is re-spun once with that probability, from the same round's floats.`,
      rtpEffect:
        `RTP(L) = ${toPercentString(slots0)} x (1 + P(lose) x L/100): ${toPercentString(slotsRtpWithLuck(10))} at 10%, ` +
        `${toPercentString(slotsRtpWithLuck(25))} at 25%, ${toPercentString(luckRtp)} at ${luck}%; ` +
        `with a 3x reward multiplier as well, at most ${toPercentString(slotsWorst)} per spin.`,
    },
    {
      effectType: 'extra-safe-click',
      rule:
        'Consumed when a Minefield game starts: clicking a mine shows it without exploding, does not count as a safe reveal ' +
        'and leaves the multiplier unchanged; a game saved that way has its profit capped at ' +
        `${BUFF_EXTRA_PRICE_MULTIPLE}x the item's price.`,
      rtpEffect:
        'Uncapped, revealing k cells then cashing out with f forgiven clicks returns multiplier(k) x P(at most f mines among ' +
        `the first k + f clicks): with one, ${toPercentString(minefieldRtpWithForgiveness(25, 3, 3, 1))} for 3 reveals with 3 mines ` +
        `on 5 x 5 and up to ${toPercentString(forgivenWorst)} (2 mines on 12 x 12, all 142 safe cells). Hence the cap: ` +
        `a game returns at most 99% + P(saved) x (stake + ${BUFF_EXTRA_PRICE_MULTIPLE} x price) / stake.`,
    },
    {
      effectType: 'mine-reduction',
      rule: 'Consumed when a Minefield game starts: that many fewer mines are placed (at least 1 stays).',
      rtpEffect: 'None: the multiplier is computed on the mines really placed, so the return stays 99%; the board is only easier.',
    },
  ];
}
