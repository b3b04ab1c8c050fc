import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MinefieldRevealResponse } from '../../../../shared/api/minefield';
import { MINEFIELD_DEFAULTS, MINEFIELD_MAX_PROFIT, MINEFIELD_MAX_SIDE, MINEFIELD_MIN_MINES, MINEFIELD_MIN_SIDE } from '../../../../shared/games/minefield';
import { CoinInput } from '../../../components/CoinInput';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessages';
import { formatCoins } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useAfterCoinsMoved } from '../../../lib/useAfterCoinsMoved';
import { RoundHistory } from '../components/RoundHistory';
import { SoundToggle } from '../components/SoundToggle';
import { gameKeys, useGamesProgress } from '../queries';
import { useGameSound } from '../useGameSound';

interface Game {
  sessionId: string;
  rows: number;
  cols: number;
  minesCount: number;
  revealed: number[];
  forgiven: number[];
  mines: number[] | null;
  exploded: boolean;
  reward: number | null;
  potentialReward: number;
  extraSafeClicks: number;
  mineReduction: number;
  ended: boolean;
}

const clampMines = (mines: number, rows: number, cols: number) => Math.min(Math.max(mines, MINEFIELD_MIN_MINES), rows * cols - 1);

function Slider({ id, label, value, min, max, disabled, onChange }: { id: string; label: string; value: number; min: number; max: number; disabled: boolean; onChange: (v: number) => void }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="label">
        {label}: <span className="font-semibold text-white">{value}</span>
      </label>
      <input id={id} type="range" min={min} max={max} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))} className="w-full accent-amber-400" />
    </div>
  );
}

export function MinefieldPage() {
  const { user } = useSession();
  const progress = useGamesProgress();
  const afterCoinsMoved = useAfterCoinsMoved();
  const { playWin } = useGameSound();
  const activeQuery = useQuery({ queryKey: [...gameKeys.all, 'minefield-active'], queryFn: ({ signal }) => api('GET /api/games/minefield/active', { signal }) });
  const [rows, setRows] = useState<number>(MINEFIELD_DEFAULTS.rows);
  const [cols, setCols] = useState<number>(MINEFIELD_DEFAULTS.cols);
  const [mines, setMines] = useState<number>(MINEFIELD_DEFAULTS.mines);
  const [stake, setStake] = useState(String(MINEFIELD_DEFAULTS.stake));
  const [stakeError, setStakeError] = useState<string | null>(null);
  const [game, setGame] = useState<Game | null>(null);
  const [busy, setBusy] = useState(false);
  const [balance, setBalance] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  // A running game survives a reload: the server still has it.
  useEffect(() => {
    const a = activeQuery.data;
    if (!a || game) return;
    setGame({ ...a, mines: null, exploded: false, reward: null, mineReduction: 0, ended: false });
    setRows(a.rows);
    setCols(a.cols);
    setStake(String(a.betAmount));
  }, [activeQuery.data, game]);

  const running = game !== null && !game.ended;
  const shownBalance = balance ?? user?.balance ?? 0;
  const multiplier = (progress.data?.buffs.rewardMultiplier ?? 100) / 100;

  function changeGrid(nextRows: number, nextCols: number) {
    setRows(nextRows);
    setCols(nextCols);
    setMines((m) => clampMines(m, nextRows, nextCols));
  }

  async function onStart(event?: FormEvent) {
    event?.preventDefault();
    const bet = Number(stake);
    if (!(bet >= 1) || !Number.isInteger(bet)) {
      setStakeError('Bet must be ≥ 1');
      return;
    }
    setStakeError(null);
    setBusy(true);
    setMessage(null);
    try {
      const r = await api('POST /api/games/minefield/start', { body: { betAmount: bet, rows, cols, mines } });
      setBalance(r.balance);
      setGame({
        sessionId: r.sessionId,
        rows,
        cols,
        minesCount: r.minesCount,
        revealed: [],
        forgiven: [],
        mines: null,
        exploded: false,
        reward: null,
        potentialReward: 0,
        extraSafeClicks: r.extraSafeClicks,
        mineReduction: r.mineReduction,
        ended: false,
      });
      void afterCoinsMoved();
    } catch (error) {
      notify.error(errorMessage(error, 'Network error starting game'));
    } finally {
      setBusy(false);
    }
  }

  function ended(reward: number | null, balanceAfter: number | null) {
    if (balanceAfter !== null) setBalance(balanceAfter);
    void afterCoinsMoved();
    if (reward !== null && reward > 0) playWin();
  }

  async function onReveal(cell: number) {
    if (!game || !running || busy) return;
    setBusy(true);
    try {
      const r: MinefieldRevealResponse = await api('POST /api/games/minefield/reveal', { body: { sessionId: game.sessionId, cellIndex: cell } });
      const next: Game = {
        ...game,
        revealed: r.forgiven || r.exploded ? game.revealed : [...game.revealed, cell],
        forgiven: r.forgiven ? [...game.forgiven, cell] : game.forgiven,
        mines: r.mines,
        exploded: r.exploded,
        reward: r.reward,
        potentialReward: r.potentialReward,
        extraSafeClicks: r.extraSafeClicks,
        ended: r.exploded || r.reward !== null,
      };
      setGame(next);
      if (r.exploded) {
        setMessage(`Boom! You lost ${formatCoins(Number(stake))} coins.`);
        ended(null, null);
      } else if (r.reward !== null) {
        setMessage('Solved it!');
        notify.success(`Solved it! You won ${formatCoins(r.reward)} coins`);
        ended(r.reward, r.balance);
      }
    } catch (error) {
      notify.error(errorMessage(error, 'Network error revealing cell'));
    } finally {
      setBusy(false);
    }
  }

  async function onCashout() {
    if (!game || !running) return;
    setBusy(true);
    try {
      const r = await api('POST /api/games/minefield/cashout', { body: { sessionId: game.sessionId } });
      setGame({ ...game, mines: r.mines, reward: r.reward, ended: true });
      setMessage(`Cashed out ${formatCoins(r.reward)} coins`);
      notify.success(`You won ${formatCoins(r.reward)} coins`);
      ended(r.reward, r.balance);
    } catch (error) {
      notify.error(errorMessage(error, 'The cash-out failed'));
    } finally {
      setBusy(false);
    }
  }

  const gridRows = game?.rows ?? rows;
  const gridCols = game?.cols ?? cols;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Minefield</h1>
          <p className="mt-1 text-slate-400">Reveal safe cells, cash out before a mine. Profit capped at {formatCoins(MINEFIELD_MAX_PROFIT)} coins a game.</p>
        </div>
        <SoundToggle />
      </header>
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <form className="card flex flex-col gap-3" onSubmit={(e) => void onStart(e)} noValidate>
          <p className="text-sm text-slate-300">
            Balance: <span className="font-semibold text-emerald-300" data-testid="minefield-balance">{formatCoins(shownBalance)}</span> coins
          </p>
          <Slider id="mf-rows" label="Rows" value={rows} min={MINEFIELD_MIN_SIDE} max={MINEFIELD_MAX_SIDE} disabled={running} onChange={(v) => changeGrid(v, cols)} />
          <Slider id="mf-cols" label="Cols" value={cols} min={MINEFIELD_MIN_SIDE} max={MINEFIELD_MAX_SIDE} disabled={running} onChange={(v) => changeGrid(rows, v)} />
          <Slider id="mf-mines" label="Mines" value={mines} min={MINEFIELD_MIN_MINES} max={rows * cols - 1} disabled={running} onChange={setMines} />
          <div className="flex items-end gap-2">
            <CoinInput id="mf-stake" label="Stake" value={stake} onValueChange={setStake} min={1} error={stakeError} disabled={running} className="min-w-0 flex-1" />
            <button type="button" className="btn-secondary" disabled={running} onClick={() => setStake(String(shownBalance))}>
              Max
            </button>
          </div>
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            <span className="rounded-full bg-amber-400/15 px-2 py-1 text-amber-200" data-testid="badge-multiplier">Reward ×{multiplier}</span>
            <span className="rounded-full bg-emerald-400/15 px-2 py-1 text-emerald-200" data-testid="badge-safe">Safe clicks: {game?.extraSafeClicks ?? 0}</span>
            <span className="rounded-full bg-sky-400/15 px-2 py-1 text-sky-200" data-testid="badge-removed">Mines removed: {game?.mineReduction ?? 0}</span>
          </div>
          {running ? (
            <button type="button" className="btn-primary" disabled={busy || game.revealed.length === 0} onClick={() => void onCashout()}>
              Cash Out {game.potentialReward > 0 ? formatCoins(game.potentialReward) : ''}
            </button>
          ) : (
            <button type="submit" className="btn-primary" disabled={busy}>
              {game ? 'Play Again' : 'Enter'}
            </button>
          )}
          {running && (
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => void onStart()}>
              Restart
            </button>
          )}
          <p role="status" className="min-h-6 font-semibold text-white" data-testid="minefield-message">
            {message ?? (running ? `Potential reward: ${formatCoins(game.potentialReward)}` : '')}
          </p>
        </form>
        <div
          className="grid aspect-square w-full max-w-xl gap-1 self-start"
          style={{ gridTemplateColumns: `repeat(${gridCols}, minmax(0, 1fr))` }}
          data-testid="minefield-grid"
          role="group"
          aria-label="Minefield grid"
        >
          {Array.from({ length: gridRows * gridCols }, (_, cell) => {
            const isRevealed = game?.revealed.includes(cell) ?? false;
            const isMine = game?.mines?.includes(cell) ?? false;
            const isForgiven = game?.forgiven.includes(cell) ?? false;
            const face = isForgiven ? '🛡️' : isMine ? '💣' : isRevealed ? '💎' : '';
            return (
              <button
                key={cell}
                type="button"
                aria-label={`Cell ${Math.floor(cell / gridCols) + 1}, ${(cell % gridCols) + 1}${face ? `: ${isMine ? 'mine' : 'safe'}` : ''}`}
                data-testid={`cell-${cell}`}
                disabled={!running || busy || isRevealed || isForgiven}
                onClick={() => void onReveal(cell)}
                className={`flex aspect-square items-center justify-center rounded-md text-lg ${
                  isMine ? 'bg-rose-700/70' : isRevealed ? 'bg-emerald-600/60' : 'bg-slate-800 hover:bg-slate-700'
                }`}
              >
                <span aria-hidden="true">{face}</span>
              </button>
            );
          })}
        </div>
      </div>
      <RoundHistory />
    </div>
  );
}
