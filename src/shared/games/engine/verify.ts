// The verifier's replay: a recorded round's outcome recomputed from (server seed, client seed,
// nonce, params) by the same functions the server paid with. The browser's /fairness page and
// the server's tests both call it; each game declares its replay in its round definition.
import type { Replay } from './roundGame';
import { ROUND_GAME_DEFS, roundGameDef, type RoundGame } from './roundGames';

export type { Replay } from './roundGame';

/**
 * The outcome fields a round records that follow from the seeds alone (for a spinner the slice
 * and its reward; a reward multiplier's bonus depends on the buffs running, not on the seeds).
 * Throws RangeError with a readable message on bad seeds or params.
 */
export function replayRound(
  game: RoundGame,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: Record<string, unknown>,
): Replay {
  return roundGameDef(game).replay(serverSeed, clientSeed, nonce, params);
}

/** The params each game's verifier form asks for, with a sensible example. */
export const VERIFY_PARAM_EXAMPLES = Object.fromEntries(
  ROUND_GAME_DEFS.map((d) => [d.game, d.example]),
) as Readonly<Record<RoundGame, Record<string, unknown>>>;

/** The recomputed outcome in the game's own words ('pocket 4, red (bet red), win, pays 20'). */
export const describeReplay = (
  game: RoundGame,
  replay: Replay,
  params: Record<string, unknown>,
): string => roundGameDef(game).describe(replay, params);

/** What the verifier form holds, with the server seed as its SHA-256 (null while it is not a seed). */
export interface VerifyInputs {
  game: RoundGame;
  serverSeedHash: string | null;
  clientSeed: string;
  nonce: number;
  params: Record<string, unknown>;
}

/** A recorded round as GET /api/games/rounds gives it. */
export interface RecordedRound {
  _id: string;
  game: RoundGame;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  payout: number;
}

export interface Verdict {
  matches: boolean;
  /** Each input or recomputed field that differs from the round, in words. */
  differences: string[];
}

// jsonb gives an object's keys back in its own order, so equal means equal field by field.
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((v, i) => sameValue(v, b[i]))
    );
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) =>
        sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  }
  return Object.is(a, b);
}

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

/**
 * Whether the form replays this round: the same inputs (the server seed by its hash, which the
 * round recorded before the seed was revealed) and, field by field, the outcome the replay
 * recomputes. Fields the seeds do not decide (a buff's bonus, Minefield's reveals) are not compared.
 */
export function compareWithRound(
  inputs: VerifyInputs,
  replay: Replay,
  round: RecordedRound,
): Verdict {
  const differences: string[] = [];
  if (inputs.game !== round.game)
    differences.push(
      `game: ${roundGameDef(inputs.game).label} here, ${roundGameDef(round.game).label} recorded`,
    );
  if (inputs.serverSeedHash !== round.serverSeedHash)
    differences.push('server seed: its SHA-256 is not the one the round recorded');
  if (inputs.clientSeed !== round.clientSeed)
    differences.push(
      `client seed: ${shown(inputs.clientSeed)} here, ${shown(round.clientSeed)} recorded`,
    );
  if (inputs.nonce !== round.nonce)
    differences.push(`nonce: ${inputs.nonce} here, ${round.nonce} recorded`);
  if (!sameValue(inputs.params, round.params)) differences.push("parameters: not the round's");
  if (inputs.game === round.game) {
    for (const [field, value] of Object.entries(replay)) {
      if (!sameValue(value, round.outcome[field]))
        differences.push(`${field}: ${shown(value)} here, ${shown(round.outcome[field])} recorded`);
    }
  }
  return { matches: differences.length === 0, differences };
}

const amount = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/**
 * A recorded payout split into what the game paid and what buffs changed: a reward multiplier's
 * bonus is added after the seeds decide, and slot luck's re-spin wins are paid only within its
 * cap, so the list's 'paid' can differ from the replay's payout.
 */
export function explainPayout(round: Pick<RecordedRound, 'game' | 'payout' | 'outcome'>): string {
  const bonus = amount(round.outcome.bonus);
  const capped = amount(round.outcome.luckCapped);
  const from = roundGameDef(round.game).paidFrom ?? 'the seeds';
  if (bonus === 0 && capped === 0)
    return round.payout === 0 ? 'paid nothing' : `paid ${round.payout}, all from ${from}`;
  const parts = [`${round.payout - bonus + capped} from ${from}`];
  if (capped > 0) parts.push(`− ${capped} over the slot-luck cap`);
  if (bonus > 0) parts.push(`+ ${bonus} from a reward buff`);
  return `paid ${round.payout} = ${parts.join(' ')}`;
}
