// The fairness page's figures (DESIGN.md section 5), computed by the same functions that pay, so
// a pay-table change cannot leave a stale number on the page.
import { toDecimalString, toFractionString, toNumber, toPercentString } from './rational';
import type { PublishedRtp } from './roundGame';
import { ROUND_GAME_DEFS } from './roundGames';
import { sliceProbability, spinnerExpectedValue, type SpinnerTable } from '../spinner/rules';
import { SLOT_EMOJI, slotsPayTable, type SlotCombo, type SlotSymbol } from '../casino/slots';

export type { PublishedRtp } from './roundGame';

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
  slices: { reward: number; weight: number; percent: string }[];
}

export function spinnerExpectation(id: string, table: SpinnerTable): SpinnerExpectation {
  const ev = spinnerExpectedValue(table);
  return {
    id,
    fraction: toFractionString(ev),
    value: toNumber(ev),
    coins: toDecimalString(ev, 2),
    slices: table.rewardOptions.map((reward, i) => ({
      reward,
      weight: table.weights[i] ?? 0,
      percent: toPercentString(sliceProbability(table, i)),
    })),
  };
}
