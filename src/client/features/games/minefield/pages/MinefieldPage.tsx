import { useEffect, useState, type FormEvent } from 'react';
import {
  MINEFIELD_MAX_PROFIT,
  MINEFIELD_MAX_SIDE,
  MINEFIELD_MIN_MINES,
  MINEFIELD_MIN_SIDE,
  minesPlaced,
} from '../../../../../shared/games/minefield/rules';
import { minefieldSettingMinStake } from '../../../../../shared/games/minefield/minimumStake';
import { CoinInput } from '../../../../components/CoinInput';
import { errorMessage, INSUFFICIENT_BALANCE } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { useSession } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { useActionGuard } from '../../../../lib/useActionGuard';
import { RoundHistory } from '../../components/public';
import { SoundToggle } from '../../components/public';
import { useStoreUser } from '../../../store/public';
import { useGamesProgress } from '../../public';
import { useGameSound } from '../../public';
import { GridSlider } from '../components/GridSlider';
import { CashoutReturn } from '../components/CashoutReturn';
import { MinefieldGrid } from '../components/MinefieldGrid';
import {
  afterReveal,
  clampMines,
  heldMineReduction,
  nextCashout,
  resumedGame,
  stakeProblem,
  startedGame,
  type MinefieldGame,
} from '../game';
import { useCashOutMutation, useRevealCellMutation, useStartMinefieldMutation } from '../mutations';
import { useActiveMinefield } from '../queries';

/** Spec section 9: the form's starting grid, mines and stake. */
const MINEFIELD_DEFAULTS = { rows: 8, cols: 8, mines: 10, stake: 100 } as const;

export function MinefieldPage() {
  const { user } = useSession();
  const progress = useGamesProgress();
  const storeUser = useStoreUser();
  const { playWin } = useGameSound();
  const activeQuery = useActiveMinefield();
  const startGame = useStartMinefieldMutation();
  const revealCell = useRevealCellMutation();
  const cashOut = useCashOutMutation();
  const [rows, setRows] = useState<number>(MINEFIELD_DEFAULTS.rows);
  const [cols, setCols] = useState<number>(MINEFIELD_DEFAULTS.cols);
  const [mines, setMines] = useState<number>(MINEFIELD_DEFAULTS.mines);
  const [stake, setStake] = useState(String(MINEFIELD_DEFAULTS.stake));
  const [stakeError, setStakeError] = useState<string | null>(null);
  const [game, setGame] = useState<MinefieldGame | null>(null);
  const [busy, setBusy] = useState(false);
  const [balance, setBalance] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  /** Why the last start was refused, shown under the start button (a toast alone went unseen). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const startGuard = useActionGuard();

  // A running game survives a reload: the server still has it.
  useEffect(() => {
    const a = activeQuery.data;
    if (!a || game) return;
    setGame(resumedGame(a));
    setRows(a.rows);
    setCols(a.cols);
    setMines(a.minesAsked);
    setStake(String(a.betAmount));
  }, [activeQuery.data, game]);

  // The last answer's balance until the refreshed user arrives: a stale one could refuse a stake wrongly.
  useEffect(() => setBalance(null), [user?.balance]);

  const running = game !== null && !game.ended;
  const shownBalance = balance ?? user?.balance ?? 0;
  const multiplier = (progress.data?.buffs.rewardMultiplier ?? 100) / 100;
  // The next start uses a held mine-reduction item up, and the minimum stake follows the mines really placed.
  const setting = {
    rows,
    cols,
    mines,
    mineReduction: running ? game.mineReduction : heldMineReduction(storeUser.data?.inventory),
  };
  const placed = running ? game.minesCount : minesPlaced(mines, setting.mineReduction);
  const minStakeText = `Minimum stake for ${rows}x${cols} with ${placed} ${placed === 1 ? 'mine' : 'mines'}: ${formatCoins(minefieldSettingMinStake(setting))}`;
  const next = running
    ? nextCashout(stake, game.rows * game.cols, placed, game.revealed.length)
    : nextCashout(stake, rows * cols, placed, 0);

  function changeStake(value: string) {
    setStake(value);
    setRefusal(null);
  }

  function changeGrid(nextRows: number, nextCols: number) {
    setRows(nextRows);
    setCols(nextCols);
    setMines((m) => clampMines(m, nextRows, nextCols));
  }

  async function onStart(event?: FormEvent) {
    event?.preventDefault();
    const bet = Number(stake);
    const problem = stakeProblem(stake, setting);
    if (problem) {
      setStakeError(problem);
      return;
    }
    setStakeError(null);
    setRefusal(null);
    if (bet > shownBalance) {
      setRefusal(INSUFFICIENT_BALANCE);
      return;
    }
    await startGuard.run(async () => {
      setBusy(true);
      setMessage(null);
      try {
        const r = await startGame.mutateAsync({ betAmount: bet, rows, cols, mines });
        setBalance(r.balance);
        setGame(startedGame(r, rows, cols));
      } catch (error) {
        // Said once, under the start button (an alert), not in a toast as well.
        setRefusal(errorMessage(error, 'Network error starting game'));
      } finally {
        setBusy(false);
      }
    });
  }

  function ended(reward: number | null, balanceAfter: number | null) {
    if (balanceAfter !== null) setBalance(balanceAfter);
    if (reward !== null && reward > 0) playWin();
  }

  async function onReveal(cell: number) {
    if (!game || !running || busy) return;
    setBusy(true);
    try {
      const r = await revealCell.mutateAsync({ sessionId: game.sessionId, cellIndex: cell });
      setGame(afterReveal(game, cell, r));
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
      const r = await cashOut.mutateAsync(game.sessionId);
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
          <p className="mt-1 text-slate-400">
            Reveal safe cells, cash out before a mine. Profit capped at{' '}
            {formatCoins(MINEFIELD_MAX_PROFIT)} coins a game.
          </p>
        </div>
        <SoundToggle />
      </header>
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <form className="card flex flex-col gap-3" onSubmit={(e) => void onStart(e)} noValidate>
          <p className="text-sm text-slate-300">
            Balance:{' '}
            <span className="font-semibold text-emerald-300" data-testid="minefield-balance">
              {formatCoins(shownBalance)}
            </span>{' '}
            coins
          </p>
          <GridSlider
            id="mf-rows"
            label="Rows"
            value={rows}
            min={MINEFIELD_MIN_SIDE}
            max={MINEFIELD_MAX_SIDE}
            disabled={running}
            onChange={(v) => changeGrid(v, cols)}
          />
          <GridSlider
            id="mf-cols"
            label="Cols"
            value={cols}
            min={MINEFIELD_MIN_SIDE}
            max={MINEFIELD_MAX_SIDE}
            disabled={running}
            onChange={(v) => changeGrid(rows, v)}
          />
          <GridSlider
            id="mf-mines"
            label="Mines"
            value={mines}
            min={MINEFIELD_MIN_MINES}
            max={rows * cols - 1}
            disabled={running}
            onChange={setMines}
          />
          <div className="flex items-end gap-2">
            <CoinInput
              id="mf-stake"
              label="Stake"
              value={stake}
              onValueChange={changeStake}
              min={minefieldSettingMinStake(setting)}
              error={stakeError}
              disabled={running}
              className="min-w-0 flex-1"
              aria-describedby={refusal ? 'mf-refusal' : undefined}
            />
            <button
              type="button"
              className="btn-secondary"
              disabled={running}
              onClick={() => changeStake(String(shownBalance))}
            >
              Max
            </button>
          </div>
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            <span
              className="rounded-full bg-amber-400/15 px-2 py-1 text-amber-200"
              data-testid="badge-multiplier"
            >
              {/* Reward multipliers boost free rewards, not wager winnings (shared/games/engine/items.ts). */}
              Reward ×{multiplier}
              {multiplier > 1 ? ' (free rewards only, not wins)' : ''}
            </span>
            <span
              className="rounded-full bg-emerald-400/15 px-2 py-1 text-emerald-200"
              data-testid="badge-safe"
            >
              Safe clicks: {game?.extraSafeClicks ?? 0}
            </span>
            <span
              className="rounded-full bg-sky-400/15 px-2 py-1 text-sky-200"
              data-testid="badge-removed"
            >
              Mines removed: {game?.mineReduction ?? 0}
            </span>
          </div>
          <CashoutReturn point={next} minStakeText={minStakeText} />
          {running ? (
            <button
              type="button"
              className="btn-primary"
              disabled={busy || game.revealed.length === 0}
              onClick={() => void onCashout()}
            >
              Cash Out {game.potentialReward > 0 ? formatCoins(game.potentialReward) : ''}
            </button>
          ) : (
            <button type="submit" className="btn-primary" disabled={busy || startGuard.quiet}>
              {game ? 'Play Again' : 'Enter'}
            </button>
          )}
          {running && (
            <button
              type="button"
              className="btn-secondary"
              disabled={busy || startGuard.quiet}
              onClick={() => void onStart()}
            >
              Restart
            </button>
          )}
          {refusal && (
            <p
              id="mf-refusal"
              role="alert"
              className="text-sm font-semibold text-rose-300"
              data-testid="minefield-refusal"
            >
              {refusal}
            </p>
          )}
          <p
            role="status"
            className="min-h-6 font-semibold text-white"
            data-testid="minefield-message"
          >
            {message ?? (running ? `Potential reward: ${formatCoins(game.potentialReward)}` : '')}
          </p>
        </form>
        <MinefieldGrid
          rows={gridRows}
          cols={gridCols}
          game={game}
          playable={running && !busy}
          onReveal={(cell) => void onReveal(cell)}
        />
      </div>
      <RoundHistory games={['minefield']} />
    </div>
  );
}
