import { useCallback, useEffect, useState } from 'react';
import type { SlotsResponse } from '../../../../../shared/games/casino/contract';
import { gameRtps, slotsPayRows } from '../../../../../shared/games/engine/rtp';
import { SLOT_EMOJI, SLOT_REELS, SLOT_STOPS } from '../../../../../shared/games/casino/slots';
import { comboText } from '../../../../../shared/games/casino/slotsRound';
import { formatCoins } from '../../../../lib/format';
import { useSlotsMutation } from '../mutations';
import { useCasinoPlay } from '../useCasinoPlay';
import { BetControls } from './BetControls';
import { PayTable } from './PayTable';
import { Emoji } from '../../../../components/Emoji';

/** Spec section 9: at least 2 s of spin, reels stopping 300 ms apart. */
const FIRST_STOP_MS = 2000;
const STOP_GAP_MS = 300;
const REVEAL_MS = FIRST_STOP_MS + 2 * STOP_GAP_MS;
const RTP = gameRtps().find((r) => r.game === 'slots')?.percent ?? '';
const PAY_ROWS = slotsPayRows().map((row) => [row.symbols, `${row.multiplier}x`, row.percent]);

function Reels({
  spinning,
  startedAt,
  result,
  reducedMotion,
}: {
  spinning: boolean;
  startedAt: number;
  result: SlotsResponse | null;
  reducedMotion: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!spinning) return;
    const timer = setInterval(() => setNow(Date.now()), 90);
    return () => clearInterval(timer);
  }, [spinning]);
  return (
    <div className="flex gap-2" data-testid="slot-reels">
      {[0, 1, 2].map((reel) => {
        const stopped =
          !spinning || (result !== null && now - startedAt >= FIRST_STOP_MS + reel * STOP_GAP_MS);
        const stop =
          stopped && result
            ? result.stops[reel]!
            : reducedMotion
              ? -1
              : Math.floor((now / 90 + reel * 7) % SLOT_STOPS);
        const symbol = stop >= 0 ? SLOT_REELS[reel]![stop]! : null;
        return (
          <div
            key={reel}
            className="flex size-20 items-center justify-center rounded-xl border-2 border-amber-300/60 bg-slate-950 text-5xl"
            data-testid={`reel-${reel}`}
            data-stop={stopped && result ? stop : ''}
          >
            <span aria-hidden="true">
              <Emoji char={symbol ? SLOT_EMOJI[symbol] : '❔'} />
            </span>
          </div>
        );
      })}
    </div>
  );
}

export function SlotsTab({
  balance,
  onBalance,
  slotsLuck,
  reducedMotion,
}: {
  balance: number;
  onBalance: (b: number) => void;
  slotsLuck: number;
  reducedMotion: boolean;
}) {
  const [result, setResult] = useState<SlotsResponse | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [shown, setShown] = useState<SlotsResponse | null>(null);
  const { mutateAsync: spin } = useSlotsMutation();
  const call = useCallback(
    async (bet: number) => {
      setResult(null);
      setStartedAt(Date.now());
      const r = await spin({ betAmount: bet });
      setResult(r);
      return r;
    },
    [spin],
  );
  const onResult = useCallback(
    (r: SlotsResponse) => {
      setShown(r);
      onBalance(r.balance);
    },
    [onBalance],
  );
  const toastOf = useCallback(
    (r: SlotsResponse) => ({
      text: r.win
        ? `${r.reel.map((s) => SLOT_EMOJI[s]).join(' ')} You won ${formatCoins(r.payout)} coins`
        : 'No win this time',
      good: r.win,
    }),
    [],
  );
  const revealMs = useCallback(() => REVEAL_MS, []);
  const game = useCasinoPlay({ game: 'slots', call, revealMs, onResult, toastOf });
  const display = game.revealing ? result : shown;

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <BetControls
        idPrefix="slots"
        balance={balance}
        running={game.running}
        roundsDone={game.roundsDone}
        repeatMode="until-stop"
        tally={game.tally}
        notice={game.notice}
        quiet={game.quiet}
        onBetChange={game.clearNotice}
        submitLabel="Spin"
        onPlay={(bet, count) => void game.play(bet, count, balance)}
        onStop={game.stop}
      >
        {slotsLuck > 0 && (
          <p
            className="w-fit rounded-full bg-fuchsia-500/20 px-3 py-1 text-sm font-semibold text-fuchsia-200"
            data-testid="slot-luck"
          >
            +{slotsLuck}% slot luck
          </p>
        )}
      </BetControls>
      <div className="flex flex-col items-center gap-4">
        <Reels
          spinning={game.revealing}
          startedAt={startedAt}
          result={display}
          reducedMotion={reducedMotion}
        />
        <p role="status" className="min-h-6 font-semibold text-white" data-testid="slots-result">
          {game.revealing
            ? 'Spinning…'
            : shown
              ? shown.win
                ? `${comboText(shown.combo)}: won ${formatCoins(shown.payout)}`
                : 'No win'
              : ''}
        </p>
        <PayTable
          caption="Pay table (· is any other symbol)"
          headers={['Line', 'Pays', 'Chance']}
          rows={PAY_ROWS}
          rtp={RTP}
        />
      </div>
    </div>
  );
}
