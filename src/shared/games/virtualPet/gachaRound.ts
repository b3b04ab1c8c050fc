import { defineRoundGame, num } from '../engine/roundGame';
import { speciesOf } from './catalog';
import { GACHA_POOLS, gachaPoolOf, pull } from './gacha';

/** One gacha pull: its critter from the round's stream and the pity count before it. */
export const gachaRound = defineRoundGame({
  game: 'gacha',
  label: 'Gacha pull',
  example: { pool: 'starlight', odds: GACHA_POOLS[0]!.odds, pityBefore: 0 },
  replay: (serverSeed, clientSeed, nonce, params) => {
    const r = pull(serverSeed, clientSeed, nonce, {
      odds: (params.odds ?? {}) as Record<string, unknown>,
      pityBefore: num(params.pityBefore, 'pityBefore'),
    });
    return {
      rarity: r.rarity,
      species: r.species,
      variant: r.variant,
      traits: r.traits,
      pity: r.pity,
    };
  },
  describe: (replay) =>
    `${String(replay.rarity)} ${String(replay.species)} (${String(replay.variant)})${Array.isArray(replay.traits) && replay.traits.length > 0 ? ` with ${replay.traits.join(', ')}` : ''}${replay.pity ? ', by pity' : ''}`,
  summary: (round) =>
    `${gachaPoolOf(String(round.params.pool))?.name ?? 'Gacha'} · ${String(round.outcome.rarity ?? '?')} ${speciesOf(String(round.outcome.species))?.name ?? String(round.outcome.species ?? '')}`,
});
