import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isServerSeed, sha256Hex } from '../../../../../shared/games/fairness';
import { isRoundGame, ROUND_GAME_DEFS, type RoundGame } from '../../../../../shared/games/roundGames';
import { replayRound, VERIFY_PARAM_EXAMPLES } from '../../../../../shared/games/verify';
import { SelectField, TextAreaField, TextField } from '../../../../components/TextField';

function compute(game: RoundGame, serverSeed: string, clientSeed: string, nonce: string, params: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(params);
  } catch {
    return { error: 'Game parameters must be JSON, such as {"stake": 10}.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { error: 'Game parameters must be a JSON object.' };
  if (!/^\d{1,15}$/.test(nonce.trim())) return { error: 'The nonce is a whole number, 0 or more.' };
  try {
    return { outcome: replayRound(game, serverSeed.trim(), clientSeed, Number(nonce), parsed as Record<string, unknown>) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'These values cannot be replayed.' };
  }
}

/** Anyone's round replayed in this browser by the same code the server paid with. */
export function Verifier() {
  const [search] = useSearchParams();
  const initialGame = search.get('game');
  const [game, setGame] = useState<RoundGame>(isRoundGame(initialGame) ? initialGame : 'spinner');
  const [serverSeed, setServerSeed] = useState(search.get('serverSeed') ?? '');
  const [clientSeed, setClientSeed] = useState(search.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(search.get('nonce') ?? '0');
  const [params, setParams] = useState(search.get('params') ?? JSON.stringify(VERIFY_PARAM_EXAMPLES[game]));

  const result = useMemo(() => compute(game, serverSeed, clientSeed, nonce, params), [game, serverSeed, clientSeed, nonce, params]);
  const hash = isServerSeed(serverSeed.trim()) ? sha256Hex(serverSeed.trim()) : null;

  return (
    <section id="verify" aria-labelledby="verify-title" className="card flex flex-col gap-4">
      <div>
        <h2 id="verify-title" className="font-display text-xl font-bold text-white">
          Verify a round
        </h2>
        <p className="text-sm text-slate-400">
          Paste a revealed server seed, the client seed and nonce of a round, and the game's parameters: the outcome is recomputed here, in your
          browser, with HMAC-SHA256 as Stake documents it.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="verify-game"
          label="Game"
          value={game}
          onValueChange={(value) => {
            if (!isRoundGame(value)) return;
            setGame(value);
            setParams(JSON.stringify(VERIFY_PARAM_EXAMPLES[value]));
          }}
        >
          {ROUND_GAME_DEFS.map((def) => (
            <option key={def.game} value={def.game}>
              {def.label}
            </option>
          ))}
        </SelectField>
        <TextField id="verify-nonce" label="Nonce" value={nonce} onValueChange={setNonce} inputMode="numeric" />
        <TextField id="verify-server-seed" label="Server seed" value={serverSeed} onValueChange={setServerSeed} className="sm:col-span-2" />
        <TextField id="verify-client-seed" label="Client seed" value={clientSeed} onValueChange={setClientSeed} className="sm:col-span-2" />
        <TextAreaField id="verify-params" label="Game parameters (JSON)" value={params} onValueChange={setParams} rows={3} className="sm:col-span-2" />
      </div>
      {hash && (
        <p className="text-xs break-all text-slate-400">
          SHA-256 of this server seed: <span className="font-mono text-slate-200" data-testid="verify-hash">{hash}</span>
        </p>
      )}
      <div aria-live="polite">
        {'outcome' in result ? (
          <div className="rounded-xl border border-white/10 bg-slate-950/60 p-3">
            <p className="text-sm font-semibold text-slate-300">Outcome</p>
            <pre className="font-mono text-sm break-all whitespace-pre-wrap text-emerald-200" data-testid="verify-outcome">
              {JSON.stringify(result.outcome)}
            </pre>
          </div>
        ) : (
          <p className="text-sm text-amber-200" data-testid="verify-error">
            {result.error}
          </p>
        )}
      </div>
    </section>
  );
}
