import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Minigame } from '../../../../../../shared/games/virtualPet/minigames';
import { ErrorBanner, LoadingState } from '../../../../../components/States';
import { errorMessage } from '../../../../../lib/errorMessages';
import { formatCoins } from '../../../../../lib/format';
import { SoundToggle } from '../../../components/public';
import { PET_BASE, PetNav } from '../../components/PetNav';
import { useMyCritters } from '../../critters/queries';
import { usePetUser } from '../../queries';
import { COIN_CATCHER, DODGE_N_DASH } from '../canvasGames';
import { CanvasGame } from '../components/CanvasGame';
import { CritterMatchGame } from '../components/CritterMatchGame';
import { CritterPicker, GamePicker } from '../components/Pickers';
import { RulesPanel } from '../components/RulesPanel';
import { GAMES } from '../terms';
import { Egg, Gamepad2 } from 'lucide-react';
import { Emoji } from '../../../../../components/Emoji';

/** Spec section 2, /games/virtual-pet/mini: Coin catcher, Dodge n Dash and Critter Match with a critter. */
export function PetMiniGamesPage() {
  const critters = useMyCritters();
  const user = usePetUser();
  const [chosenCritter, setChosenCritter] = useState<string | null>(null);
  const [game, setGame] = useState<Minigame>('coin-catcher');
  const [running, setRunning] = useState(false);
  const stage = useRef<HTMLElement>(null);

  const list = critters.data?.critters ?? [];
  const critter = list.find((c) => c._id === chosenCritter) ?? list[0];

  const pickGame = (next: Minigame) => {
    setGame(next);
    // The game's keys (Enter, Space) work from the game itself, not from the picker's button.
    requestAnimationFrame(() => stage.current?.focus());
  };
  const onRunningChange = useCallback((now: boolean) => setRunning(now), []);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="mr-auto">
            <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
              <Gamepad2 className="mr-1.5" />
              Pet mini-games
            </h1>
            <p className="mt-1 text-slate-400">
              Play with a critter: it earns experience, and you earn pet coins.
            </p>
          </div>
          <SoundToggle />
          {user.data && (
            <p className="text-lg font-semibold text-white">
              <span aria-hidden="true">
                <Emoji char="🪙" />{' '}
              </span>
              <span data-testid="minigame-pet-coins">{formatCoins(user.data.resources.coins)}</span>{' '}
              pet coins
            </p>
          )}
        </div>
        <PetNav />
      </header>

      {critters.isPending ? (
        <LoadingState>Loading critters…</LoadingState>
      ) : critters.isError ? (
        <ErrorBanner>{errorMessage(critters.error, 'Load critters failed')}</ErrorBanner>
      ) : !critter ? (
        <section
          className="card flex flex-col items-start gap-3"
          aria-label="No critter yet"
          data-testid="minigame-no-critter"
        >
          <p className="text-slate-200">
            The mini-games are played with a critter, and you have none yet.
          </p>
          <Link to={PET_BASE} className="btn-primary">
            <Egg />
            Adopt a critter at the sanctuary
          </Link>
        </section>
      ) : (
        <>
          <section className="card flex flex-col gap-4" aria-label="Choose a critter and a game">
            <CritterPicker
              critters={list}
              selected={critter._id}
              disabled={running}
              onSelect={setChosenCritter}
            />
            <GamePicker selected={game} disabled={running} onSelect={pickGame} />
            <RulesPanel game={game} critter={critter} />
          </section>
          <section
            ref={stage}
            tabIndex={-1}
            aria-labelledby="minigame-stage-title"
            className="card flex min-w-0 flex-col gap-3 outline-none"
            data-testid="minigame-stage"
            data-game={game}
          >
            <h2 id="minigame-stage-title" className="section-title">
              <span aria-hidden="true">
                <Emoji char={GAMES[game].icon} />{' '}
              </span>
              {GAMES[game].name}{' '}
              <span className="text-sm font-normal text-slate-400">with {critter.name}</span>
            </h2>
            {game === 'critter-match' ? (
              <CritterMatchGame
                key={`${game}:${critter._id}`}
                critter={critter}
                onRunningChange={onRunningChange}
              />
            ) : game === 'coin-catcher' ? (
              <CanvasGame
                key={`${game}:${critter._id}`}
                def={COIN_CATCHER}
                critter={critter}
                onRunningChange={onRunningChange}
              />
            ) : (
              <CanvasGame
                key={`${game}:${critter._id}`}
                def={DODGE_N_DASH}
                critter={critter}
                onRunningChange={onRunningChange}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
