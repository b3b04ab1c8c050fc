import { defineRoundGame } from '../engine/roundGame';
import { breedChild } from './breeding';
import { speciesOf } from './catalog';

/** A breeding: the egg's child from the round's stream and both parents as they were. */
export const breedingRound = defineRoundGame({
  game: 'breeding',
  label: 'Breeding',
  example: {
    a: {
      species: 'sproutling',
      variant: 'Classic',
      rarity: 'Common',
      generation: 1,
      traits: ['forager'],
    },
    b: { species: 'emberpup', variant: 'Ash', rarity: 'Uncommon', generation: 2, traits: ['bold'] },
  },
  replay: (serverSeed, clientSeed, nonce, params) => ({
    ...breedChild(serverSeed, clientSeed, nonce, { a: params.a, b: params.b }),
  }),
  describe: (replay) =>
    `${String(replay.rarity)} ${String(replay.species)} (${String(replay.variant)}${replay.mutated ? ', mutated' : ''}), generation ${String(replay.generation)}${Array.isArray(replay.traits) && replay.traits.length > 0 ? `, inherits ${replay.traits.join(', ')}` : ''}`,
  summary: (round) =>
    `Egg · ${String(round.outcome.rarity ?? '?')} ${speciesOf(String(round.outcome.species))?.name ?? String(round.outcome.species ?? '')}`,
});
