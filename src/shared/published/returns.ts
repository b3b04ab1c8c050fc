// Games that take stakes: each bet's return and the house's share, from the code that pays.
import { gameRtps } from '../games/engine/rtp';
import { ROUND_GAME_DEFS } from '../games/engine/roundGames';
import { row, table, type PublishedRow, type PublishedSectionDef } from './types';

/** The staked games' section over the games' own rows (index.ts passes them in GAMES order). */
export const returnsSection = (gameRows: () => PublishedRow[]): PublishedSectionDef => ({
  key: 'returns',
  title: 'Games that take stakes',
  fixed: true,
  build: () => {
    const rtps = gameRtps().map((r) =>
      row(
        `${r.game}-${r.variant}`,
        ROUND_GAME_DEFS.find((d) => d.game === r.game)?.label ?? r.game,
        r.variant,
        r.percent,
        r.houseEdgePercent,
        r.notes.join(' '),
      ),
    );
    return {
      notes: [
        'Return is what a bet pays back on average per coin staked, exact (from every outcome the fair stream can give); the house share is the rest.',
        'Reward multipliers do not boost any of these: they boost free rewards only (see Items).',
      ],
      tables: [
        table(
          'returns',
          'Return and house share of every bet',
          ['Game', 'Bet', 'Return', 'House share', 'How'],
          [...rtps, ...gameRows()],
        ),
      ],
    };
  },
});
