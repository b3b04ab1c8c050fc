import { useCallback, useState } from 'react';
import type { CoinFlipResponse } from '../../../../../shared/games/casino/contract';
import { COIN_SIDES, type CoinSide } from '../../../../../shared/games/casino/coinflip';
import { gameRtps } from '../../../../../shared/games/engine/rtp';
import { formatCoins } from '../../../../lib/format';
import { useCoinFlipMutation } from '../mutations';
import { useCasinoPlay } from '../useCasinoPlay';
import { BetControls } from './BetControls';
import { PayTable } from './PayTable';
import { Emoji } from '../../../../components/Emoji';

/** Spec section 9: the result shows after 1 s. */
const FLIP_MS = 1000;
const RTP = gameRtps().find((r) => r.game === 'coin-flip')?.percent ?? '';

export function CoinFlipTab({
  balance,
  onBalance,
  reducedMotion,
}: {
  balance: number;
  onBalance: (b: number) => void;
  reducedMotion: boolean;
}) {
  const [guess, setGuess] = useState<CoinSide>('heads');
  const [last, setLast] = useState<CoinFlipResponse | null>(null);
  const { mutateAsync: flip } = useCoinFlipMutation();
  const call = useCallback((bet: number) => flip({ betAmount: bet, guess }), [flip, guess]);
  const onResult = useCallback(
    (r: CoinFlipResponse) => {
      setLast(r);
      onBalance(r.balance);
    },
    [onBalance],
  );
  const toastOf = useCallback(
    (r: CoinFlipResponse) => ({
      text: r.win ? `${r.result}! You won ${formatCoins(r.payout)} coins` : `${r.result}. You lost`,
      good: r.win,
    }),
    [],
  );
  const revealMs = useCallback(() => FLIP_MS, []);
  const game = useCasinoPlay({ game: 'coin-flip', call, revealMs, onResult, toastOf });

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <BetControls
        idPrefix="coin-flip"
        balance={balance}
        running={game.running}
        roundsDone={game.roundsDone}
        repeatMode="count"
        tally={game.tally}
        notice={game.notice}
        quiet={game.quiet}
        onBetChange={game.clearNotice}
        submitLabel="Flip"
        onPlay={(bet, count) => void game.play(bet, count, balance)}
        onStop={game.stop}
      >
        <fieldset className="flex gap-2" disabled={game.running}>
          <legend className="label">Your guess</legend>
          {COIN_SIDES.map((side) => (
            <label
              key={side}
              className={`btn-secondary capitalize ${guess === side ? 'border-amber-300 text-amber-200' : ''}`}
            >
              <input
                type="radio"
                name="coin-guess"
                value={side}
                checked={guess === side}
                onChange={() => setGuess(side)}
                className="sr-only"
              />
              {side}
            </label>
          ))}
        </fieldset>
      </BetControls>
      <div className="flex flex-col items-center gap-4">
        <div
          aria-hidden="true"
          className={`flex size-28 items-center justify-center rounded-full border-4 border-amber-300 bg-amber-400/20 text-5xl ${game.revealing && !reducedMotion ? 'animate-spin' : ''}`}
        >
          <Emoji
            char={game.revealing ? '🪙' : last ? (last.result === 'heads' ? '👑' : '🦅') : '🪙'}
          />
        </div>
        <p
          role="status"
          className="min-h-6 font-semibold text-white"
          data-testid="coin-flip-result"
        >
          {game.revealing
            ? 'Flipping…'
            : last
              ? `${last.result === 'heads' ? 'Heads' : 'Tails'}: ${last.win ? `won ${formatCoins(last.payout)}` : 'lost'}`
              : ''}
        </p>
        <PayTable
          caption="Pay table"
          headers={['Guess', 'Chance', 'Pays']}
          rows={[['Heads or tails', '50%', '2x']]}
          rtp={RTP}
        />
      </div>
    </div>
  );
}
