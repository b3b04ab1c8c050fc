import { isSpinnerId, SPINNER_INFO } from '../engine/catalog';
import { defineRoundGame, numberList, paysText } from '../engine/roundGame';
import { spin } from './rules';

export const spinnerRound = defineRoundGame({
  game: 'spinner',
  label: 'Spinner',
  example: { rewardOptions: [5, 10, 20, 50, 100, 250], weights: [35, 30, 18, 10, 5, 2] },
  replay: (serverSeed, clientSeed, nonce, params) => {
    const result = spin(serverSeed, clientSeed, nonce, {
      rewardOptions: numberList(params.rewardOptions, 'rewardOptions'),
      weights: numberList(params.weights, 'weights'),
    });
    return { slice: result.index, reward: result.reward };
  },
  describe: (replay, params) => {
    const slices = Array.isArray(params.rewardOptions) ? ` of ${params.rewardOptions.length}` : '';
    return `slice ${String(replay.slice)}${slices}, ${paysText(replay.reward)}`;
  },
  summary: (round) => {
    // Players read the wheel's title and what it paid, not its id and slice index.
    const wheel =
      typeof round.params.wheel === 'string' && isSpinnerId(round.params.wheel)
        ? SPINNER_INFO[round.params.wheel].title
        : 'Spinner';
    return typeof round.outcome.reward === 'number'
      ? `${wheel} · won ${round.outcome.reward.toLocaleString('en-US')}`
      : wheel;
  },
});
