import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isServerSeed, sha256Hex } from '../../../../../shared/games/engine/fairness';
import {
  isRoundGame,
  ROUND_GAME_DEFS,
  ROUND_GAMES,
  type RoundGame,
} from '../../../../../shared/games/engine/roundGames';
import {
  describeReplay,
  replayRound,
  VERIFY_PARAM_EXAMPLES,
  type Replay,
} from '../../../../../shared/games/engine/verify';
import { SelectField, TextAreaField, TextField } from '../../../../components/TextField';
import { RoundVerdict } from './RoundVerdict';

type Computed =
  { error: string } | { outcome: Replay; nonce: number; params: Record<string, unknown> };

function compute(
  game: RoundGame,
  serverSeed: string,
  clientSeed: string,
  nonce: string,
  params: string,
): Computed {
  let parsed: unknown;
  try {
    parsed = JSON.parse(params);
  } catch {
    return { error: 'Game parameters must be JSON, such as {"stake": 10}.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { error: 'Game parameters must be a JSON object.' };
  if (!/^\d{1,15}$/.test(nonce.trim())) return { error: 'The nonce is a whole number, 0 or more.' };
  const values = parsed as Record<string, unknown>;
  try {
    return {
      outcome: replayRound(game, serverSeed.trim(), clientSeed, Number(nonce), values),
      nonce: Number(nonce),
      params: values,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'These values cannot be replayed.' };
  }
}

/** Anyone's round replayed in this browser by the same code the server paid with. */
export function Verifier() {
  const [search] = useSearchParams();
  const initialGame = search.get('game');
  const roundId = search.get('round');
  const [game, setGame] = useState<RoundGame>(
    isRoundGame(initialGame) ? initialGame : ROUND_GAMES[0]!,
  );
  const [serverSeed, setServerSeed] = useState(search.get('serverSeed') ?? '');
  const [clientSeed, setClientSeed] = useState(search.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(search.get('nonce') ?? '0');
  const [params, setParams] = useState(
    search.get('params') ?? JSON.stringify(VERIFY_PARAM_EXAMPLES[game]),
  );
  // An empty form is not a mistake yet: its rules show once someone types, submits or follows a link.
  const [touched, setTouched] = useState(search.has('serverSeed'));
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setTouched(true);
  };

  const result = useMemo(
    () => compute(game, serverSeed, clientSeed, nonce, params),
    [game, serverSeed, clientSeed, nonce, params],
  );
  const hash = isServerSeed(serverSeed.trim()) ? sha256Hex(serverSeed.trim()) : null;

  return (
    <section
      id="verify"
      aria-labelledby="verify-title"
      className="card flex scroll-mt-[calc(var(--nav-bottom,4rem)+1rem)] flex-col gap-4"
    >
      <div>
        <h2 id="verify-title" className="font-display text-xl font-bold text-white">
          Verify a round
        </h2>
        <p className="text-sm text-slate-400">
          Paste a revealed server seed, the client seed and nonce of a round, and the game's
          parameters: the outcome is recomputed here, in your browser, with HMAC-SHA256 as Stake
          documents it.
        </p>
      </div>
      <form
        className="grid gap-3 sm:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
        }}
      >
        <SelectField
          id="verify-game"
          label="Game"
          value={game}
          onValueChange={(value) => {
            if (!isRoundGame(value)) return;
            setGame(value);
            setParams(JSON.stringify(VERIFY_PARAM_EXAMPLES[value]));
            setTouched(true);
          }}
        >
          {ROUND_GAME_DEFS.map((def) => (
            <option key={def.game} value={def.game}>
              {def.label}
            </option>
          ))}
        </SelectField>
        <TextField
          id="verify-nonce"
          label="Nonce"
          value={nonce}
          onValueChange={edit(setNonce)}
          inputMode="numeric"
        />
        <TextField
          id="verify-server-seed"
          label="Server seed"
          value={serverSeed}
          onValueChange={edit(setServerSeed)}
          className="sm:col-span-2"
        />
        <TextField
          id="verify-client-seed"
          label="Client seed"
          value={clientSeed}
          onValueChange={edit(setClientSeed)}
          className="sm:col-span-2"
        />
        <TextAreaField
          id="verify-params"
          label="Game parameters (JSON)"
          value={params}
          onValueChange={edit(setParams)}
          rows={3}
          className="sm:col-span-2"
        />
        <button type="submit" className="btn-secondary justify-self-start">
          Recompute
        </button>
      </form>
      {hash && (
        <p className="text-xs break-all text-slate-400">
          SHA-256 of this server seed:{' '}
          <span className="font-mono text-slate-200" data-testid="verify-hash">
            {hash}
          </span>
        </p>
      )}
      <div aria-live="polite" className="flex flex-col gap-3">
        {'outcome' in result ? (
          <div className="rounded-xl border border-white/10 bg-slate-950/60 p-3">
            <p className="text-sm font-semibold text-slate-300">Outcome</p>
            <p
              className="text-base font-semibold break-words text-white"
              data-testid="verify-summary"
            >
              {describeReplay(game, result.outcome, result.params)}
            </p>
            <p className="mt-1 text-xs text-slate-400">
              Recomputed fields:{' '}
              <code className="font-mono break-all text-emerald-200" data-testid="verify-outcome">
                {JSON.stringify(result.outcome)}
              </code>
            </p>
          </div>
        ) : touched ? (
          <p className="text-sm text-amber-200" data-testid="verify-error">
            {result.error}
          </p>
        ) : (
          <p className="text-sm text-slate-400" data-testid="verify-hint">
            Fill in a round's revealed server seed and client seed, or open Verify on one of your
            rounds after rotating your seed.
          </p>
        )}
        {roundId !== null && (
          <RoundVerdict
            roundId={roundId}
            replayed={
              'outcome' in result
                ? {
                    game,
                    serverSeedHash: hash,
                    clientSeed,
                    nonce: result.nonce,
                    params: result.params,
                    outcome: result.outcome,
                  }
                : null
            }
          />
        )}
      </div>
    </section>
  );
}
