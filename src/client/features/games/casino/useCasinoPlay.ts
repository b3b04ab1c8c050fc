import { useCallback, useRef, useState } from 'react';
import { holdBalance } from '../../../lib/balanceHold';
import { errorMessage, INSUFFICIENT_BALANCE } from '../../../lib/errorMessages';
import { formatSignedCoins } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useActionGuard } from '../../../lib/useActionGuard';
import { useAfterGamePlayed } from '../public';
import { useGameSound } from '../public';

export const MAX_AUTO_REPEAT = 100;
/** Slots auto-repeat has no count: it spins until Stop, at most this many times (shown on the tab). */
export const SLOTS_MAX_AUTO_SPINS = 100;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spec section 5: the bet must parse to a number above 0 (and we take whole coins only). */
export function parseBet(text: string): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value > 0 ? value : null;
}

export interface CasinoRound {
  balance: number;
  win: boolean;
  payout: number;
}

/** An auto-repeat run so far, for its one toast and the panel. */
export interface RunTally {
  rounds: number;
  wins: number;
  losses: number;
  /** Coins won minus coins staked over the run. */
  net: number;
}

const EMPTY_TALLY: RunTally = { rounds: 0, wins: 0, losses: 0, net: 0 };

export function tallyText({ rounds, wins, losses, net }: RunTally): string {
  return `Auto-repeat: ${rounds} ${rounds === 1 ? 'round' : 'rounds'}, ${wins} won, ${losses} lost, net ${formatSignedCoins(net)} ${Math.abs(net) === 1 ? 'coin' : 'coins'}`;
}

interface PlayOptions<R extends CasinoRound> {
  /** Names the run's one toast, so a run's updates replace each other instead of stacking. */
  game: string;
  /** One round on the server. */
  call: (bet: number) => Promise<R>;
  /** How long after the call starts the result is shown (spec section 9's spin times). */
  revealMs: (result: R) => number;
  onResult: (result: R) => void;
  toastOf: (result: R) => { text: string; good: boolean };
}

/**
 * Spec section 4: bet -> spinning -> result toast -> refresh; auto-repeat runs up to its count
 * and stops on Stop, on a failed call, or when the balance falls below the bet. A run of more
 * than one round keeps one toast (fixed id) that is updated in place: ten rounds stacking ten
 * toasts covered the header on a phone (issue 19). Why a run did not start or stopped early is
 * also kept in `notice`, shown beside the submit button.
 */
export function useCasinoPlay<R extends CasinoRound>({
  game,
  call,
  revealMs,
  onResult,
  toastOf,
}: PlayOptions<R>) {
  const afterGamePlayed = useAfterGamePlayed();
  const { playWin } = useGameSound();
  const guard = useActionGuard();
  const [running, setRunning] = useState(false);
  const [roundsDone, setRoundsDone] = useState(0);
  const [tally, setTally] = useState<RunTally>(EMPTY_TALLY);
  const [notice, setNotice] = useState<string | null>(null);
  /** True from a call until its result is shown (the spin, flip or reels). */
  const [revealing, setRevealing] = useState(false);
  const stopRef = useRef(false);

  const run = useCallback(
    async (bet: number, count: number, balance: number) => {
      stopRef.current = false;
      setRunning(true);
      setRoundsDone(0);
      setTally(EMPTY_TALLY);
      const repeat = count > 1;
      const toastId = `casino-run-${game}`;
      let known = balance;
      let sum = EMPTY_TALLY;
      try {
        for (let i = 0; i < count; i++) {
          if (stopRef.current) break;
          if (known < bet) {
            setNotice('Auto-repeat stopped: your balance is below the bet.');
            break;
          }
          let result: R;
          setRevealing(true);
          // The pill keeps the balance from before the round until the wheel, coin or reels stop.
          const releaseBalance = holdBalance(known);
          const started = Date.now();
          try {
            result = await call(bet);
          } catch (error) {
            releaseBalance();
            setRevealing(false);
            // Said once, beside the button (an alert): a toast with the same words as well told it twice.
            setNotice(errorMessage(error, 'The bet could not be placed'));
            break;
          }
          await wait(Math.max(0, revealMs(result) - (Date.now() - started)));
          releaseBalance();
          setRevealing(false);
          known = result.balance;
          onResult(result);
          sum = {
            rounds: sum.rounds + 1,
            wins: sum.wins + (result.win ? 1 : 0),
            losses: sum.losses + (result.win ? 0 : 1),
            net: sum.net + result.payout - bet,
          };
          setTally(sum);
          if (repeat) {
            const show = sum.net > 0 ? notify.success : notify.info;
            show(tallyText(sum), { id: toastId });
          } else {
            const { text, good } = toastOf(result);
            if (good) notify.success(text);
            else notify.info(text);
          }
          if (result.win) playWin();
          setRoundsDone(i + 1);
          void afterGamePlayed();
        }
      } finally {
        setRunning(false);
      }
    },
    [game, call, revealMs, onResult, toastOf, afterGamePlayed, playWin],
  );

  const { run: guarded } = guard;
  const play = useCallback(
    async (bet: number, count: number, balance: number) => {
      setNotice(null);
      // Said at once, without a call: the server would refuse it anyway.
      if (bet > balance) {
        setNotice(INSUFFICIENT_BALANCE);
        return;
      }
      await guarded(() => run(bet, count, balance));
    },
    [guarded, run],
  );

  const stop = useCallback(() => {
    stopRef.current = true;
  }, []);

  const clearNotice = useCallback(() => setNotice(null), []);

  return {
    play,
    stop,
    running,
    roundsDone,
    revealing,
    tally,
    notice,
    clearNotice,
    quiet: guard.quiet,
  };
}
