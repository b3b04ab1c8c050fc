import { toFractionString } from '../engine/rational';
import {
  roulette,
  ROULETTE_MULTIPLIERS,
  rouletteRtp,
  rouletteWinProbability,
  type RouletteColour,
} from './roulette';
import {
  defineRoundGame,
  num,
  paysText,
  publishRtp,
  winText,
  type PublishedRtp,
} from '../engine/roundGame';

function rouletteEntry(choice: RouletteColour, variant: string): PublishedRtp {
  const rtp = rouletteRtp(choice);
  const win = rouletteWinProbability(choice);
  const multiplier = ROULETTE_MULTIPLIERS[choice];
  return publishRtp('roulette', variant, rtp, [
    'Pocket = floor(float #0 x 15): 0 is green, 1-7 red, 8-14 black.',
    `A win on ${variant} pays ${multiplier}x: ${toFractionString(win)} x ${multiplier} = ${toFractionString(rtp)}.`,
  ]);
}

export const rouletteRound = defineRoundGame({
  game: 'roulette',
  label: 'Roulette',
  example: { choice: 'red', stake: 10 },
  replay: (serverSeed, clientSeed, nonce, params) => {
    const r = roulette(serverSeed, clientSeed, nonce, {
      choice: params.choice as RouletteColour,
      stake: num(params.stake, 'stake'),
    });
    return { pocket: r.pocket, result: r.result, win: r.win, payout: r.payout };
  },
  describe: (replay, params) =>
    `pocket ${String(replay.pocket)}, ${String(replay.result)} (bet ${String(params.choice)}), ${winText(replay.win)}, ${paysText(replay.payout)}`,
  summary: (round) =>
    `roulette · ${String(round.params.choice)} → ${String(round.outcome.result ?? '?')} ${String(round.outcome.pocket ?? '')}`,
  rtp: () => [rouletteEntry('red', 'red or black'), rouletteEntry('green', 'green')],
});
