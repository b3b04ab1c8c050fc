import { useCallback, useState } from 'react';
import type { RouletteResponse } from '../../../../../shared/games/casino/contract';
import {
  ROULETTE_COLOURS,
  ROULETTE_MULTIPLIERS,
  type RouletteColour,
} from '../../../../../shared/games/casino/roulette';
import { gameRtps } from '../../../../../shared/games/engine/rtp';
import { formatCoins } from '../../../../lib/format';
import { useRouletteMutation } from '../mutations';
import { useCasinoPlay } from '../useCasinoPlay';
import { BetControls } from './BetControls';
import { PayTable } from './PayTable';
import { Emoji } from '../../../../components/Emoji';

/** Spec section 9: the wheel spins for 2 s. */
const SPIN_MS = 2000;
const RTP = gameRtps().find((r) => r.game === 'roulette')?.percent ?? '';
const SWATCH: Record<RouletteColour, string> = {
  red: 'bg-rose-600',
  black: 'bg-slate-800 border border-white/30',
  green: 'bg-emerald-600',
};

export function RouletteTab({
  balance,
  onBalance,
  reducedMotion,
}: {
  balance: number;
  onBalance: (b: number) => void;
  reducedMotion: boolean;
}) {
  const [color, setColor] = useState<RouletteColour>('red');
  const [last, setLast] = useState<RouletteResponse | null>(null);
  const { mutateAsync: spin } = useRouletteMutation();
  const call = useCallback((bet: number) => spin({ betAmount: bet, color }), [spin, color]);
  const onResult = useCallback(
    (r: RouletteResponse) => {
      setLast(r);
      onBalance(r.balance);
    },
    [onBalance],
  );
  const toastOf = useCallback(
    (r: RouletteResponse) => ({
      text: r.win
        ? `${r.result} ${r.pocket}! You won ${formatCoins(r.payout)} coins`
        : `${r.result} ${r.pocket}. You lost`,
      good: r.win,
    }),
    [],
  );
  const revealMs = useCallback(() => SPIN_MS, []);
  const game = useCasinoPlay({ game: 'roulette', call, revealMs, onResult, toastOf });

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <BetControls
        idPrefix="roulette"
        balance={balance}
        running={game.running}
        roundsDone={game.roundsDone}
        repeatMode="count"
        tally={game.tally}
        notice={game.notice}
        quiet={game.quiet}
        onBetChange={game.clearNotice}
        submitLabel="Spin"
        onPlay={(bet, count) => void game.play(bet, count, balance)}
        onStop={game.stop}
      >
        <fieldset className="flex flex-wrap gap-2" disabled={game.running}>
          <legend className="label">Your colour</legend>
          {ROULETTE_COLOURS.map((c) => (
            <label
              key={c}
              className={`btn-secondary capitalize ${color === c ? 'border-amber-300 text-amber-200' : ''}`}
            >
              <input
                type="radio"
                name="roulette-colour"
                value={c}
                checked={color === c}
                onChange={() => setColor(c)}
                className="sr-only"
              />
              <span aria-hidden="true" className={`size-3 rounded-full ${SWATCH[c]}`} />
              {c} ({ROULETTE_MULTIPLIERS[c]}x)
            </label>
          ))}
        </fieldset>
      </BetControls>
      <div className="flex flex-col items-center gap-4">
        <div
          aria-hidden="true"
          className={`flex size-28 items-center justify-center rounded-full border-4 border-amber-300 text-4xl font-bold text-white ${
            last && !game.revealing ? SWATCH[last.result] : 'bg-slate-900'
          } ${game.revealing && !reducedMotion ? 'animate-spin' : ''}`}
        >
          {game.revealing || !last ? <Emoji char="🎡" /> : last.pocket}
        </div>
        <p role="status" className="min-h-6 font-semibold text-white" data-testid="roulette-result">
          {game.revealing
            ? 'Spinning…'
            : last
              ? `${last.result} ${last.pocket}: ${last.win ? `won ${formatCoins(last.payout)}` : 'lost'}`
              : ''}
        </p>
        <PayTable
          caption="Pay table (15 pockets)"
          headers={['Colour', 'Pockets', 'Pays']}
          rows={[
            ['Red', '7 (1-7)', '2x'],
            ['Black', '7 (8-14)', '2x'],
            ['Green', '1 (0)', '14x'],
          ]}
          rtp={RTP}
        />
      </div>
    </div>
  );
}
