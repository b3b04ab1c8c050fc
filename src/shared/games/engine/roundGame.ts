// What a game with provably fair rounds declares once, in its own shared files, so that the
// verifier, the round lists and the published returns learn a new game from the list in
// roundGames.ts and from nothing else (DESIGN.md sections 1 and 5).
import { sub, ONE, toFractionString, toNumber, toPercentString, type Rational } from './rational';

export type Replay = Record<string, unknown>;

/** A recorded round as the lists show it (RoundDto's fields, without the zod import). */
interface RoundView {
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  state: 'open' | 'settled';
}

export interface PublishedRtp {
  game: string;
  /** Which bet, when a game has several with different returns. */
  variant: string;
  /** Exact return per coin staked, e.g. '14/15'. */
  fraction: string;
  value: number;
  percent: string;
  houseEdgePercent: string;
  notes: readonly string[];
}

export interface RoundGameDef<G extends string = string> {
  /** game_rounds.game: the name the server records and the verifier link carries. */
  game: G;
  /** The verifier's name for it. */
  label: string;
  /**
   * The outcome fields a round records that follow from the seeds alone (a reward multiplier's
   * bonus depends on the buffs running, not on the seeds). Throws RangeError with a readable
   * message on bad seeds or params.
   */
  replay: (
    serverSeed: string,
    clientSeed: string,
    nonce: number,
    params: Record<string, unknown>,
  ) => Replay;
  /** The params the verifier form starts with. */
  example: Record<string, unknown>;
  /** One line for the round lists. */
  summary: (round: RoundView) => string;
  /** The verifier's recomputed outcome in words ('pocket 4, red, win, pays 20'), from this game's own replay. */
  describe: (replay: Replay, params: Record<string, unknown>) => string;
  /**
   * Where a round's payout before buffs comes from, when the seeds alone do not decide it
   * (a Minefield payout depends on when the player cashed out).
   */
  paidFrom?: string;
  /** The published return of each bet, for a game that takes stakes. */
  rtp?: () => PublishedRtp[];
}

export const defineRoundGame = <const G extends string>(def: RoundGameDef<G>): RoundGameDef<G> =>
  def;

export const numberList = (value: unknown, name: string): number[] => {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'number'))
    throw new RangeError(`${name} must be a list of numbers`);
  return value as number[];
};

export const num = (value: unknown, name: string): number => {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new RangeError(`${name} must be a number`);
  return value;
};

export function publishRtp(
  game: string,
  variant: string,
  rtp: Rational,
  notes: string[],
): PublishedRtp {
  return {
    game,
    variant,
    fraction: toFractionString(rtp),
    value: toNumber(rtp),
    percent: toPercentString(rtp),
    houseEdgePercent: toPercentString(sub(ONE, rtp)),
    notes,
  };
}

/** 'pays 10' for a replay's payout, as every game's describe() ends. */
export const paysText = (payout: unknown): string => `pays ${String(payout)}`;

/** 'win' or 'loss'. */
export const winText = (win: unknown): string => (win === true ? 'win' : 'loss');
