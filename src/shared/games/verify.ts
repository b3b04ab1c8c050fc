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
export function replayRound(game: RoundGame, serverSeed: string, clientSeed: string, nonce: number, params: Record<string, unknown>): Replay {
  return roundGameDef(game).replay(serverSeed, clientSeed, nonce, params);
}

/** The params each game's verifier form asks for, with a sensible example. */
export const VERIFY_PARAM_EXAMPLES = Object.fromEntries(ROUND_GAME_DEFS.map((d) => [d.game, d.example])) as Readonly<
  Record<RoundGame, Record<string, unknown>>
>;
