import { MINEFIELD_MAX_PROFIT, MINEFIELD_RTP, minefieldBoard } from './rules';
import { minefieldPublishedReturn } from './minimumStake';
import { defineRoundGame, num, publishRtp } from '../engine/roundGame';

export const minefieldRound = defineRoundGame({
  game: 'minefield',
  label: 'Minefield',
  example: { rows: 8, cols: 8, mines: 10, mineReduction: 0 },
  replay: (serverSeed, clientSeed, nonce, params) => {
    const board = minefieldBoard(serverSeed, clientSeed, nonce, {
      rows: num(params.rows, 'rows'),
      cols: num(params.cols, 'cols'),
      mines: num(params.mines, 'mines'),
      mineReduction:
        params.mineReduction === undefined ? 0 : num(params.mineReduction, 'mineReduction'),
    });
    return { mines: board.positions, placed: board.placed };
  },
  describe: (replay, params) => {
    const mines = Array.isArray(replay.mines) ? replay.mines : [];
    const cells =
      typeof params.rows === 'number' && typeof params.cols === 'number'
        ? ` (of 0-${params.rows * params.cols - 1})`
        : '';
    return `${String(replay.placed)} ${replay.placed === 1 ? 'mine on cell' : 'mines on cells'} ${mines.join(', ')}${cells}`;
  },
  paidFrom: 'the cash-out',
  summary: (round) => {
    const p = round.params;
    return `minefield · ${String(p.rows)}x${String(p.cols)}, ${String(p.mines)} mines${round.state === 'open' ? ' · running' : ''}`;
  },
  rtp: () => {
    const published = minefieldPublishedReturn();
    const cap = MINEFIELD_MAX_PROFIT.toLocaleString('en-US');
    return [
      publishRtp(
        'minefield',
        `any grid and mines at stake ≥ 100 × safe cells ÷ cells, cash-out within the ${cap} profit cap (whole-coin floors: above ${published.lowestPercent})`,
        MINEFIELD_RTP,
        [
          'Multiplier after k safe reveals on N cells with m mines: 0.99 x C(N,k) / C(N-m,k); surviving k reveals has chance C(N-m,k) / C(N,k), so every strategy returns 0.99 before rounding.',
          published.rule,
          'Mine reduction places fewer mines and prices the multiplier and the minimum stake on the mines really placed: the same bounds.',
        ],
      ),
    ];
  },
});
