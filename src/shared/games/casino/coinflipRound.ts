import { coinFlip, coinFlipRtp, COIN_FLIP_MULTIPLIER, type CoinSide } from './coinflip';
import { defineRoundGame, num, paysText, publishRtp, winText } from '../engine/roundGame';

export const coinFlipRound = defineRoundGame({
  game: 'coin-flip',
  label: 'Coin flip',
  example: { choice: 'heads', stake: 10 },
  replay: (serverSeed, clientSeed, nonce, params) => {
    const r = coinFlip(serverSeed, clientSeed, nonce, {
      choice: params.choice as CoinSide,
      stake: num(params.stake, 'stake'),
    });
    return { result: r.result, win: r.win, payout: r.payout };
  },
  describe: (replay, params) =>
    `${String(replay.result)} (called ${String(params.choice)}), ${winText(replay.win)}, ${paysText(replay.payout)}`,
  summary: (round) =>
    `coin flip · ${String(round.params.choice)} → ${String(round.outcome.result ?? '?')}`,
  rtp: () => {
    const rtp = coinFlipRtp();
    return [
      publishRtp('coin-flip', 'heads or tails', rtp, [
        `Heads when float #0 is below 0.5 (exactly half of all values); a win pays ${COIN_FLIP_MULTIPLIER}x.`,
      ]),
    ];
  },
});
